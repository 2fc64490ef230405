// Package precommit proves the pre-commit hooks of .pre-commit-hooks.yaml
// as docs/pre-commit.md tells users to install them: Debian's pre-commit
// installs the hook from a commit of this repository (a snapshot of the
// working tree) and runs it on a sample git repository that has a finding
// already. Committing a clean file passes and only the committed files are
// checked; a file with a finding fails; a baseline accepts the old finding
// and not a new one; elicitlint-fix fails while findings remain.
//
// The package has tests only; they skip with -short, and when pre-commit
// is not installed (.ci/run installs it).
package precommit
