package main

import (
	"fmt"
	"math"
	"strings"
)

// printBeforeAfter prints, for every session that also ran elicitbase
// (bench/run.sh with BENCH_BASE), elicitlint before (elicitbase) and after
// (elicitlint) against the floor of the mode: noopfacts standalone, noop
// under go vet. Ratios are taken per round (the tools of one round ran back
// to back) and given as the median with the min–max over the rounds.
func printBeforeAfter(runs, vetrss []row) {
	type ck struct{ tag, corpus, mode string }
	var order []ck
	byRound := map[ck]map[string]map[string]row{} // → round → tool → row
	for _, r := range runs {
		k := ck{r["tag"], r["corpus"], r["mode"]}
		if byRound[k] == nil {
			byRound[k] = map[string]map[string]row{}
			order = append(order, k)
		}
		if byRound[k][r["round"]] == nil {
			byRound[k][r["round"]] = map[string]row{}
		}
		byRound[k][r["round"]][r["tool"]] = r
	}
	toolRSS := map[[3]string]float64{} // tag, corpus, tool → largest tool process KB
	for _, r := range vetrss {
		toolRSS[[3]string{r["tag"], r["corpus"], r["tool"]}] = num(r["tool_maxrss_kb"])
	}
	cpuF := func(r row) float64 { return num(r["user_s"]) + num(r["sys_s"]) }
	rssF := func(r row) float64 { return num(r["maxrss_kb"]) }
	header := false
	for _, k := range order {
		floor := map[string]string{"standalone": "noopfacts", "vet": "noop"}[k.mode]
		var cpuNew, cpuOld, cpuFloor, rssNew, rssOld, rssFloor, load []float64
		var rNewCPU, rOldCPU, rNewOld, rNewRSS, rOldRSS []float64
		for _, tools := range byRound[k] {
			n, o, f := tools["elicitlint"], tools["elicitbase"], tools[floor]
			if n == nil || o == nil || f == nil {
				continue
			}
			cpuNew, cpuOld, cpuFloor = append(cpuNew, cpuF(n)), append(cpuOld, cpuF(o)), append(cpuFloor, cpuF(f))
			rssNew, rssOld, rssFloor = append(rssNew, rssF(n)), append(rssOld, rssF(o)), append(rssFloor, rssF(f))
			load = append(load, num(n["load1"]))
			rNewCPU, rOldCPU = append(rNewCPU, cpuF(n)/cpuF(f)), append(rOldCPU, cpuF(o)/cpuF(f))
			rNewOld = append(rNewOld, cpuF(n)/cpuF(o))
			rNewRSS, rOldRSS = append(rNewRSS, rssF(n)/rssF(f)), append(rOldRSS, rssF(o)/rssF(f))
		}
		if len(cpuNew) == 0 {
			continue
		}
		if !header {
			header = true
			fmt.Println()
			fmt.Println("### Before/after (sessions with elicitbase, bench/run.sh BENCH_BASE=REV)")
			fmt.Println()
			fmt.Println("before = elicitbase (elicitlint built at BENCH_BASE), after = elicitlint of the working tree; floor = noopfacts standalone, noop under go vet. CPU = user+system s, RSS = peak RSS MB (standalone: the process; go vet: the largest process of the tree, and in brackets the largest tool process of one extra run through rsswrap.sh). Medians over the K rounds; ratios are per round, median (min–max).")
			fmt.Println()
			fmt.Println("| session | corpus | mode | K | CPU before | CPU after | CPU floor | CPU before/floor | CPU after/floor | CPU after/before | RSS before | RSS after | RSS floor | RSS before/floor | RSS after/floor | load |")
			fmt.Println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
		}
		rss := func(xs []float64, tool string) string {
			s := fmt.Sprintf("%.0f", median(xs)/1024)
			if v, ok := toolRSS[[3]string{k.tag, k.corpus, tool}]; ok && k.mode == "vet" {
				s += fmt.Sprintf(" (%.0f)", v/1024)
			}
			return s
		}
		fmt.Printf("| %s | %s | %s | %d | %.2f | %.2f | %.2f | %s | %s | %s | %s | %s | %s | %s | %s | %.1f |\n",
			k.tag, k.corpus, k.mode, len(cpuNew), median(cpuOld), median(cpuNew), median(cpuFloor),
			spread(rOldCPU), spread(rNewCPU), spread(rNewOld),
			rss(rssOld, "elicitbase"), rss(rssNew, "elicitlint"), rss(rssFloor, floor),
			spread(rOldRSS), spread(rNewRSS), median(load))
	}
}

// spread is the median of xs with its range.
func spread(xs []float64) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return strings.TrimSpace(fmt.Sprintf("%.2f (%.2f–%.2f)", median(xs), lo, hi))
}
