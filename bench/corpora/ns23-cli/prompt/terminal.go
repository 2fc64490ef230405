package prompt

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Terminal asks on a terminal: y/N for yes-or-no questions, one line per
// field otherwise. End of input is a cancel.
type Terminal struct {
	In  io.Reader
	Out io.Writer
}

// Ask implements Prompter.
func (t Terminal) Ask(ctx context.Context, q Question) (Reply, error) {
	in := bufio.NewReader(t.In)
	if len(q.Fields) == 0 {
		fmt.Fprintf(t.Out, "%s [y/N] ", q.Message)
		line, err := in.ReadString('\n')
		if errors.Is(err, io.EOF) {
			return Reply{Action: ActionCancel}, nil
		}
		if err != nil {
			return Reply{}, err
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "y", "yes":
			return Reply{Action: ActionAccept, Content: map[string]any{}}, nil
		default:
			return Reply{Action: ActionDecline}, nil
		}
	}
	fmt.Fprintln(t.Out, q.Message)
	names := make([]string, 0, len(q.Fields))
	for name := range q.Fields {
		names = append(names, name)
	}
	sort.Strings(names)
	content := map[string]any{}
	for _, name := range names {
		fmt.Fprintf(t.Out, "  %s: ", name)
		line, err := in.ReadString('\n')
		if errors.Is(err, io.EOF) {
			return Reply{Action: ActionCancel}, nil
		}
		if err != nil {
			return Reply{}, err
		}
		if v := strings.TrimSpace(line); v != "" {
			content[name] = v
		}
	}
	return Reply{Action: ActionAccept, Content: content}, nil
}
