// Command server is the composition root: it builds the adapters, the
// services and the transports, and serves both SDKs' servers.
package main

import (
	"context"
	"database/sql"
	"log"
	"log/slog"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns25/layered/internal/adapter/mcpadapter"
	"example.com/ns25/layered/internal/adapter/mcpgoadapter"
	"example.com/ns25/layered/internal/adapter/store"
	"example.com/ns25/layered/internal/app"
	"example.com/ns25/layered/internal/legacy"
	"example.com/ns25/layered/internal/transport/gosdktools"
	"example.com/ns25/layered/internal/transport/mcpgotools"
)

type nopDB struct{}

func (nopDB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return nil, nil
}

func buildGoSDK(logger *slog.Logger, db store.Execer) *gosdk.Server {
	caps := &mcpadapter.CapsCache{}
	s := gosdk.NewServer(&gosdk.Implementation{Name: "layered", Version: "1.0.0"}, &gosdk.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *gosdk.InitializedRequest) {
			caps.Remember(req.Session)
		},
	})
	deletion := app.NewDeletionService(
		&mcpadapter.LenientConfirmer{Log: logger},
		&mcpadapter.SessionAsker{},
		store.NewProjectRepo(db),
		&store.Audit{DB: db},
		logger,
	)
	t := gosdktools.New(deletion, &store.Ops{DB: db}, store.NewLinks(), &mcpadapter.Sealer{Key: []byte(os.Getenv("STATE_KEY"))}, caps)
	gosdk.AddTool(s, &gosdk.Tool{Name: "delete_branch"}, t.DeleteBranch)
	gosdk.AddTool(s, &gosdk.Tool{Name: "drop_database"}, t.DropDatabase)
	gosdk.AddTool(s, &gosdk.Tool{Name: "wipe_cache"}, t.WipeCache)
	gosdk.AddTool(s, &gosdk.Tool{Name: "transfer_ownership"}, t.TransferOwnership)
	gosdk.AddTool(s, &gosdk.Tool{Name: "connect_github"}, t.ConnectGitHub)
	gosdk.AddTool(s, &gosdk.Tool{Name: "connect_slack"}, t.ConnectSlack)
	gosdk.AddTool(s, &gosdk.Tool{Name: "link_bank"}, t.LinkBank)
	gosdk.AddTool(s, &gosdk.Tool{Name: "wait_for_payment"}, t.WaitForPayment)
	gosdk.AddTool(s, &gosdk.Tool{Name: "invite_member"}, t.InviteMember)
	gosdk.AddTool(s, &gosdk.Tool{Name: "set_quota"}, t.SetQuota)
	gosdk.AddTool(s, &gosdk.Tool{Name: "rename_repo"}, t.RenameRepo)
	gosdk.AddTool(s, &gosdk.Tool{Name: "configure_webhook"}, t.ConfigureWebhook)
	gosdk.AddTool(s, &gosdk.Tool{Name: "store_signing_secret"}, t.StoreSigningSecret)
	gosdk.AddTool(s, &gosdk.Tool{Name: "label_secret"}, t.LabelSecret)
	gosdk.AddTool(s, &gosdk.Tool{Name: "schedule_job"}, t.ScheduleJob)
	gosdk.AddTool(s, &gosdk.Tool{Name: "import_csv"}, t.ImportCSV)
	gosdk.AddTool(s, &gosdk.Tool{Name: "purge_all"}, t.PurgeAll)
	gosdk.AddTool(s, &gosdk.Tool{Name: "archive_direct"}, t.ArchiveDirect)
	gosdk.AddTool(s, &gosdk.Tool{Name: "index_workspace"}, t.IndexWorkspace)
	gosdk.AddTool(s, &gosdk.Tool{Name: "purge_legacy"}, t.PurgeLegacy)
	gosdk.AddTool(s, &gosdk.Tool{Name: "deploy"}, t.Deploy)
	gosdk.AddTool(s, &gosdk.Tool{Name: "deploy_sealed"}, t.DeploySealed)
	gosdk.AddTool(s, &gosdk.Tool{Name: "resize"}, t.Resize)
	gosdk.AddTool(s, &gosdk.Tool{Name: "migrate"}, t.Migrate)
	gosdk.AddTool(s, &gosdk.Tool{Name: "greet"}, t.Greet)
	gosdk.AddTool(s, &gosdk.Tool{Name: "summarize"}, t.Summarize)
	gosdk.AddTool(s, &gosdk.Tool{Name: "list_project_roots"}, t.ListProjectRoots)
	gosdk.AddTool(s, &gosdk.Tool{Name: "reindex"}, t.Reindex)
	gosdk.AddTool(s, &gosdk.Tool{Name: "export_data"}, t.ExportData)
	gosdk.AddTool(s, &gosdk.Tool{Name: "reset_tokens"}, t.ResetTokens)
	gosdk.AddTool(s, &gosdk.Tool{Name: "invite_guest"}, t.InviteGuest)
	s.AddPrompt(&gosdk.Prompt{Name: "review"}, t.ReviewPrompt)
	s.AddResource(&gosdk.Resource{Name: "report", URI: "report://current"}, t.ReportResource)
	return s
}

func buildMCPGo(db store.Execer) *server.MCPServer {
	s := server.NewMCPServer("layered-mcpgo", "1.0.0", server.WithToolCapabilities(false), server.WithElicitation())
	ledger := store.NewLedger()
	billing := app.NewBillingService(mcpgoadapter.ContextAsker{}, ledger)
	h := mcpgotools.New(s, billing, &store.Ops{DB: db})
	tools := map[string]server.ToolHandlerFunc{
		"delete_bucket":    h.DeleteBucket,
		"empty_trash":      h.EmptyTrash,
		"share_doc":        h.ShareDoc,
		"login":            h.Login,
		"connect_calendar": h.ConnectCalendar,
		"subscribe":        h.Subscribe,
		"book_room":        h.BookRoom,
		"tag_ticket":       h.TagTicket,
		"pick_labels":      h.PickLabels,
		"connect_stripe":   h.ConnectStripe,
		"feedback":         h.Feedback,
		"approve_change":   h.ApproveChange,
		"checkout":         h.Checkout,
		"pay_invoice":      h.PayInvoice,
		"archive_mail":     h.ArchiveMail,
		"rename":           h.Rename,
		"sample_draft":     h.SampleDraft,
		"sample_title":     h.SampleTitle,
		"workspace_roots":  h.WorkspaceRoots,
		"index_roots":      h.IndexRoots,
		"reboot":           h.Reboot,
		"grant":            h.Grant,
		"revoke":           h.Revoke,
		"restart":          h.Restart,
		"unlock":           h.Unlock,
		"announce":         h.Announce,
		"change_plan":      h.ChangePlan,
		"nickname":         h.Nickname,
	}
	for name, fn := range tools {
		s.AddTool(mcp.NewTool(name), fn)
	}
	return s
}

func main() {
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	var db store.Execer = nopDB{}
	ctx := context.Background()
	switch os.Getenv("LAYERED_SDK") {
	case "mcp-go":
		if err := server.ServeStdio(buildMCPGo(db)); err != nil {
			log.Fatal(err)
		}
	case "legacy":
		if err := legacy.NewServer().Run(ctx, &gosdk.StdioTransport{}); err != nil {
			log.Fatal(err)
		}
	default:
		if err := buildGoSDK(logger, db).Run(ctx, &gosdk.StdioTransport{}); err != nil {
			log.Fatal(err)
		}
	}
}
