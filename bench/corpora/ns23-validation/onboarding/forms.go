package onboarding

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/validation/formkit"
)

// PersonalDetails is the first form of onboarding, derived with jsonschema.For.
type PersonalDetails struct {
	LegalName     string `json:"legal_name" jsonschema:"Your legal name as it appears on your ID"`
	PreferredName string `json:"preferred_name,omitempty" jsonschema:"What should colleagues call you?"`
	PersonalEmail string `json:"personal_email" jsonschema:"Where we send documents before your first day"`
	BirthDate     string `json:"birth_date" jsonschema:"Date of birth, YYYY-MM-DD"`
	Relocating    bool   `json:"relocating" jsonschema:"Are you moving for this job?"`
}

func CollectPersonalDetails(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	schema, err := jsonschema.For[PersonalDetails](nil)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         fmt.Sprintf("Welcome aboard, %s! Please confirm your personal details for our HR records.", in.Name),
		RequestedSchema: schema,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("asking for personal details: %w", err)
	}
	var details PersonalDetails
	switch err := formkit.DecodeAccepted(res, &details); {
	case errors.Is(err, formkit.ErrDeclined):
		return text("No details saved; HR will reach out by email."), nil, nil
	case errors.Is(err, formkit.ErrCancelled):
		return text("Form closed; run the tool again when you are ready."), nil, nil
	case err != nil:
		return nil, nil, err
	}
	records.Save(in.EmployeeID, "personal", details)
	return text("Personal details saved."), nil, nil
}

func CollectEmergencyContact(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	schema, err := jsonschema.For[formkit.EmergencyContact](nil)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Who should we call in an emergency?",
		RequestedSchema: schema,
	})
	if err != nil {
		return nil, nil, err
	}
	var contact formkit.EmergencyContact
	if err := formkit.DecodeAccepted(res, &contact); err != nil {
		if errors.Is(err, formkit.ErrDeclined) || errors.Is(err, formkit.ErrCancelled) {
			return text("No emergency contact recorded."), nil, nil
		}
		return nil, nil, err
	}
	records.Save(in.EmployeeID, "emergency_contact", contact)
	return text("Emergency contact saved."), nil, nil
}

func CollectTaxWithholding(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	schema, err := jsonschema.For[formkit.W4Form](nil)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "How should we withhold federal income tax from your paychecks?",
		RequestedSchema: schema,
	})
	if err != nil {
		return nil, nil, err
	}
	var w4 formkit.W4Form
	switch err := formkit.DecodeAccepted(res, &w4); {
	case errors.Is(err, formkit.ErrDeclined), errors.Is(err, formkit.ErrCancelled):
		return text("We will withhold at the single rate until you submit a W-4."), nil, nil
	case err != nil:
		return nil, nil, err
	}
	records.Save(in.EmployeeID, "w4", w4)
	return text("Withholding election saved."), nil, nil
}

func CollectDirectDeposit(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	schema, err := jsonschema.For[formkit.DirectDeposit](nil)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Where should we deposit your salary?",
		RequestedSchema: schema,
	})
	if err != nil {
		return nil, nil, err
	}
	var deposit formkit.DirectDeposit
	switch err := formkit.DecodeAccepted(res, &deposit); {
	case errors.Is(err, formkit.ErrDeclined):
		return text("You will receive paper checks until you add an account."), nil, nil
	case errors.Is(err, formkit.ErrCancelled):
		return text("Nothing saved; ask again when you have your bank details."), nil, nil
	case err != nil:
		return nil, nil, err
	}
	records.Save(in.EmployeeID, "direct_deposit", deposit)
	return text("Direct deposit saved."), nil, nil
}

const startDateNotice = "Please confirm your first day. Orientation starts at 9:00 in the main lobby; bring a photo ID " +
	"and the two documents listed in your offer letter, park in the visitor lot unless you ask for a permit, " +
	"and expect to leave around 16:00."

var startDateSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"start_date":    map[string]any{"type": "string", "format": "date", "title": "First day"},
		"needs_parking": map[string]any{"type": "boolean", "title": "I need a parking permit", "default": false},
	},
	"required": []string{"start_date"},
}

func ConfirmStartDate(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	res, err := formkit.AskForm(ctx, req.Session, startDateNotice, startDateSchema)
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		day, _ := res.Content["start_date"].(string)
		parking, _ := res.Content["needs_parking"].(bool)
		records.Save(in.EmployeeID, "start_date", day)
		records.Save(in.EmployeeID, "parking", parking)
		return text("See you on " + day + "!"), nil, nil
	case "decline":
		return text("A recruiter will call you to find another date."), nil, nil
	case "cancel":
		return text("Start date not confirmed yet."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// shippingAddress is what ShipLaptop decodes the answer into.
type shippingAddress struct {
	Recipient string                `json:"recipient"`
	Address   formkit.PostalAddress `json:"address"`
}

var approvalSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"approve": map[string]any{"type": "boolean", "title": "Approve this purchase"},
	},
	"required": []string{"approve"},
}

// approveEquipmentBudget asks the hiring manager to approve a purchase.
func approveEquipmentBudget(ctx context.Context, ss *mcp.ServerSession, item string, cost float64) (bool, error) {
	res, err := formkit.AskForm(ctx, ss, fmt.Sprintf("Approve %s for $%.2f from your team's equipment budget?", item, cost), approvalSchema)
	if err != nil {
		// Some clients cannot show forms; do not block the new hire on that.
		log.Printf("equipment approval not asked: %v", err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		if approved, _ := res.Content["approve"].(bool); !approved {
			return false, nil
		}
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func OrderEquipment(ctx context.Context, req *mcp.CallToolRequest, in EquipmentIn) (*mcp.CallToolResult, any, error) {
	ok, err := approveEquipmentBudget(ctx, req.Session, in.Item, in.Cost)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("Not ordered."), nil, nil
	}
	procurement.Order(in.EmployeeID, in.Item)
	return text(in.Item + " ordered."), nil, nil
}

var benefitsSchema = &jsonschema.Schema{
	Type: "object",
	Properties: map[string]*jsonschema.Schema{
		"medical_plan": {
			Type:  "string",
			Title: "Medical plan",
			Enum:  []any{"ppo", "hmo", "hdhp"},
			Extra: map[string]any{"enumNames": []string{"PPO (any doctor)", "HMO (network doctors)", "High deductible with HSA"}},
		},
		"extras": {
			Type:     "array",
			Title:    "Optional coverage",
			Items:    &jsonschema.Schema{Type: "string", Enum: []any{"dental", "vision", "life"}},
			MaxItems: jsonschema.Ptr(3),
		},
		"dependents": {
			Type:    "integer",
			Title:   "Dependents to cover",
			Minimum: jsonschema.Ptr(0.0),
			Maximum: jsonschema.Ptr(8.0),
		},
	},
	Required: []string{"medical_plan"},
}

func CollectBenefitsElection(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Choose your benefits for this plan year.",
		RequestedSchema: benefitsSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		plan, _ := res.Content["medical_plan"].(string)
		var extras []string
		if xs, ok := res.Content["extras"].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok {
					extras = append(extras, s)
				}
			}
		}
		dependents, _ := res.Content["dependents"].(float64)
		records.Save(in.EmployeeID, "benefits", fmt.Sprintf("%s %v +%d", plan, extras, int(dependents)))
		return text("Benefits election saved."), nil, nil
	case "decline":
		return text("You are enrolled in the default HMO plan."), nil, nil
	case "cancel":
		return text("No election yet; you have 30 days to choose."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func WelcomeNewHire(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	prompt := formkit.EnrollmentPrompt()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         prompt.Message,
		RequestedSchema: prompt.Schema,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if read, _ := res.Content["acknowledged"].(bool); !read {
			return text("Please read the four documents before your first day."), nil, nil
		}
		records.Save(in.EmployeeID, "policies_acknowledged", true)
		return text("Thanks, you are all set."), nil, nil
	case "decline":
		return text("HR will walk you through the documents on day one."), nil, nil
	case "cancel":
		return text("No problem, come back to this later."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// i9UploadBase is the document kiosk that runs beside the server on the
// onboarding laptop in each office.
const i9UploadBase = "http://localhost:8080/i9/upload?flow="

func CollectI9Documents(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Upload your I-9 identity documents at the onboarding kiosk.",
		URL:           i9UploadBase + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Thanks. HR will check your documents once the upload finishes."), nil, nil
	case "decline":
		return text("Bring your documents on your first day instead."), nil, nil
	case "cancel":
		return text("Upload not started."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func CollectW4Online(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Message:       "Complete your federal W-4 on the payroll portal.",
		URL:           "https://payroll.acme.example/w4/federal?flow=" + id,
		ElicitationID: id,
	}})
}

var dietSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"diet": map[string]any{
			"type":  "string",
			"title": "Diet",
			"oneOf": []map[string]any{
				{"const": "none", "title": "No restrictions"},
				{"const": "vegetarian", "title": "Vegetarian"},
				{"const": "vegan", "title": "Vegan"},
				{"const": "halal", "title": "Halal"},
				{"const": "kosher", "title": "Kosher"},
			},
		},
		"allergies": map[string]any{"type": "string", "title": "Food allergies", "maxLength": 200},
	},
	"required": []string{"diet"},
}

func CollectDietaryNeeds(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Any dietary needs for your welcome lunch?",
		RequestedSchema: dietSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	if res.Action == "decline" {
		return text("We will order the standard menu."), nil, nil
	}
	diet, _ := res.Content["diet"].(string)
	allergies, _ := res.Content["allergies"].(string)
	records.Save(in.EmployeeID, "lunch", diet+"; allergies: "+allergies)
	return text("Lunch order noted."), nil, nil
}

func CollectPronouns(ctx context.Context, req *mcp.CallToolRequest, in HireIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which pronouns should the company directory show?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"pronouns": map[string]any{
					"type":  "string",
					"title": "Pronouns",
					"enum":  []string{"she/her", "he/him", "they/them", "other"},
				},
				"pronouns_other": map[string]any{"type": "string", "title": "If other, which?", "maxLength": 40},
			},
			"required": []string{"pronouns"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	// Some desktop clients send the action capitalised; compare without case.
	if strings.EqualFold(res.Action, "accept") {
		p, _ := res.Content["pronouns"].(string)
		if p == "other" {
			p, _ = res.Content["pronouns_other"].(string)
		}
		records.Save(in.EmployeeID, "pronouns", p)
		return text("Directory updated."), nil, nil
	} else if strings.EqualFold(res.Action, "decline") {
		return text("The directory will show no pronouns."), nil, nil
	} else if strings.EqualFold(res.Action, "cancel") {
		return text("Directory unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
