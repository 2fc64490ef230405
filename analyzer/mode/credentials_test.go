package mode

import "testing"

func TestHeldData(t *testing.T) {
	for name, want := range map[string]string{
		"user.Password":    "a credential",
		"cfg.ClientSecret": "a credential",
		"apiKey":           "a credential",
		"s.refresh_token":  "a credential",
		"u.Email":          "personal data",
		"emailAddress":     "personal data",
		"user.PhoneNumber": "personal data",
		"passwordResetURL": "",
		"emailVerified":    "",
		"token":            "",
		"state":            "",
		"secretName":       "",
		"req.Params.Name":  "",
		"base":             "",
		"accessKeyID":      "",
	} {
		if got := heldData(name); got != want {
			t.Errorf("heldData(%q) = %q, want %q", name, got, want)
		}
	}
}
