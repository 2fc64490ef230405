// Package app holds the application services. They depend only on the
// domain's ports; the composition root injects the adapters.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"example.com/ns25/layered/internal/domain"
)

// DeletionService deletes and archives projects after asking.
type DeletionService struct {
	confirm domain.Confirmer
	asker   domain.Asker
	repo    domain.ProjectRepository
	audit   domain.AuditLog
	log     *slog.Logger
}

// NewDeletionService is the constructor the composition root calls.
func NewDeletionService(c domain.Confirmer, a domain.Asker, r domain.ProjectRepository, al domain.AuditLog, l *slog.Logger) *DeletionService {
	return &DeletionService{confirm: c, asker: a, repo: r, audit: al, log: l}
}

// DeleteProject deletes a project once the user approves.
func (s *DeletionService) DeleteProject(ctx context.Context, id string) error {
	d, err := s.confirm.Confirm(ctx, "Delete project "+id+"?")
	if err != nil {
		return fmt.Errorf("delete %s: %w", id, err)
	}
	switch d {
	case domain.DecisionApprove:
		if err := s.repo.Delete(ctx, id); err != nil {
			return err
		}
		return s.audit.Record(ctx, "deleted "+id)
	case domain.DecisionReject:
		return domain.ErrDeclined
	case domain.DecisionDismiss:
		return domain.ErrCancelled
	}
	return domain.ErrUnknownAction
}

// ArchiveProject archives a project once the user types its name.
func (s *DeletionService) ArchiveProject(ctx context.Context, id string) error {
	a, err := s.asker.Ask(ctx, domain.Question{Field: "name", Message: "Type the project's name to archive it"})
	if err != nil {
		s.log.Warn("could not ask, archiving anyway", "project", id, "err", err)
	} else {
		switch a.Action {
		case domain.ActionAccept:
			if name, _ := a.Content["name"].(string); name != id {
				return errors.New("the name does not match")
			}
		case domain.ActionDecline:
			return domain.ErrDeclined
		case domain.ActionCancel:
			return domain.ErrCancelled
		default:
			return domain.ErrUnknownAction
		}
	}
	return s.repo.Archive(ctx, id)
}

// RestoreProject shows the port-level fail-open: the decision is an enum
// from an interface method.
func (s *DeletionService) RestoreProject(ctx context.Context, id string) error {
	d, err := s.confirm.Confirm(ctx, "Restore project "+id+"?")
	if errors.Is(err, domain.ErrNotAsked) {
		d = domain.DecisionApprove
	} else if err != nil {
		return err
	}
	switch d {
	case domain.DecisionApprove:
		return s.audit.Record(ctx, "restored "+id)
	case domain.DecisionReject, domain.DecisionDismiss:
		return nil
	}
	return domain.ErrUnknownAction
}

// BillingService changes plans, refunds and contact data.
type BillingService struct {
	asker  domain.Asker
	ledger domain.Ledger
}

// NewBillingService is the constructor the composition root calls.
func NewBillingService(a domain.Asker, l domain.Ledger) *BillingService {
	return &BillingService{asker: a, ledger: l}
}

// ChangePlan asks which plan to move to.
func (s *BillingService) ChangePlan(ctx context.Context, account string) error {
	a, err := s.asker.Ask(ctx, domain.Question{Field: "plan", Message: "Which plan?"})
	if err != nil {
		return fmt.Errorf("change plan: %w", err)
	}
	plan, _ := a.Content["plan"].(string)
	switch a.Action {
	case domain.ActionAccept:
		return s.ledger.SetPlan(ctx, account, plan)
	case domain.ActionDecline, domain.ActionCancel:
		return nil
	}
	return domain.ErrUnknownAction
}

// RefundOrder refunds once the user agrees.
func (s *BillingService) RefundOrder(ctx context.Context, orderID string) error {
	a, err := s.asker.Ask(ctx, domain.Question{Field: "reason", Message: "Why should order " + orderID + " be refunded?"})
	if err != nil {
		return err
	}
	if a.Action == domain.ActionAccept {
		return s.ledger.Refund(ctx, orderID)
	}
	return nil
}

// ApplyCoupon asks for a coupon and applies it.
func (s *BillingService) ApplyCoupon(ctx context.Context, account string) error {
	a, err := s.asker.Ask(ctx, domain.Question{Field: "coupon", Message: "Coupon code?"})
	if err != nil {
		return fmt.Errorf("coupon: %w", err)
	}
	switch a.Action {
	case domain.ActionAccept:
		code, ok := a.Content["coupon"].(string)
		if !ok || code == "" {
			return errors.New("no coupon given")
		}
		return s.ledger.SetPlan(ctx, account, "coupon:"+strings.ToUpper(code))
	case domain.ActionDecline:
		return domain.ErrDeclined
	case domain.ActionCancel:
		return domain.ErrCancelled
	}
	return domain.ErrUnknownAction
}

// UpdateBillingEmail asks for the address invoices go to.
func (s *BillingService) UpdateBillingEmail(ctx context.Context, account string) error {
	a, err := s.asker.Ask(ctx, domain.Question{Field: "email", Message: "Where should invoices go?"})
	if err != nil {
		return err
	}
	email, ok := a.Content["email"].(string)
	if !ok {
		return errors.New("no email in the answer")
	}
	return s.ledger.SetEmail(ctx, account, email)
}

// OnboardingService collects the profile of new members.
type OnboardingService struct {
	asker  domain.Asker
	ledger domain.Ledger
}

// NewOnboardingService is the constructor the composition root calls.
func NewOnboardingService(a domain.Asker, l domain.Ledger) *OnboardingService {
	return &OnboardingService{asker: a, ledger: l}
}

// CollectProfile asks for a display name; default stands for cancel.
func (s *OnboardingService) CollectProfile(ctx context.Context) (domain.Profile, error) {
	a, err := s.asker.Ask(ctx, domain.Question{Field: "displayName", Message: "How should we call you?"})
	if err != nil {
		return domain.Profile{}, fmt.Errorf("profile: %w", err)
	}
	switch a.Action {
	case domain.ActionAccept:
		name, _ := a.Content["displayName"].(string)
		return domain.Profile{DisplayName: name}, nil
	case domain.ActionDecline:
		return domain.Profile{}, domain.ErrDeclined
	default:
		return domain.Profile{}, domain.ErrCancelled
	}
}

// CollectTeamSize asks how many seats the team needs.
func (s *OnboardingService) CollectTeamSize(ctx context.Context, account string) error {
	a, err := s.asker.Ask(ctx, domain.Question{Field: "seats", Message: "How many seats?"})
	if err != nil {
		return err
	}
	if a.Action == domain.ActionDecline {
		return domain.ErrDeclined
	}
	seats, _ := a.Content["seats"].(float64)
	return s.ledger.SetTeamSize(ctx, account, int(seats))
}

// decisionError turns a decision into the error the services return.
func decisionError(d domain.Decision) error {
	switch d {
	case domain.DecisionApprove:
		return nil
	case domain.DecisionReject:
		return domain.ErrDeclined
	case domain.DecisionDismiss:
		return domain.ErrCancelled
	}
	return domain.ErrUnknownAction
}

// ReleaseService promotes and rolls back releases.
type ReleaseService struct {
	confirm  domain.Confirmer
	deployer domain.Deployer
	audit    domain.AuditLog
}

// NewReleaseService is the constructor the composition root calls.
func NewReleaseService(c domain.Confirmer, d domain.Deployer, a domain.AuditLog) *ReleaseService {
	return &ReleaseService{confirm: c, deployer: d, audit: a}
}

// Promote promotes a release once the user approves.
func (s *ReleaseService) Promote(ctx context.Context, env string) error {
	d, err := s.confirm.Confirm(ctx, "Promote the release to "+env+"?")
	if err != nil {
		return fmt.Errorf("promote: %w", err)
	}
	if err := decisionError(d); err != nil {
		return err
	}
	return s.deployer.Promote(ctx, env)
}
