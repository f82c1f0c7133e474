# everyday.sh - helpers for the t09NN-everyday-*.sh tests, sourced after
# lib.sh: what fsreport's own --help says exists, so that the man page
# and the completion can be checked against it.

# help_commands: the commands "fsreport --help" lists, one a line
help_commands() {
	"$FSREPORT" --help |
	sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'
}

# help_options CMD: the long options "fsreport CMD --help" lists (without
# the dashes), one a line, sorted
help_options() {
	"$FSREPORT" "$1" --help |
	sed -n 's/^  \(-[A-Za-z0-9], \)\{0,1\} *--\([a-z][a-z0-9-]*\).*/\2/p' |
	sort -u
}

# help_formats CMD: the names on the "formats:" line of CMD --help
help_formats() {
	"$FSREPORT" "$1" --help |
	sed -n 's/^formats: *//p' | tr ' ' '\n' | sed '/^$/d' | sort -u
}

# complete_words WORD...: what the bash completion offers for the command
# line WORD... (the last word is the one being completed), one a line,
# sorted
complete_words() {
	bash -c '
		. "$1" || exit 1
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		_fsreport fsreport "${COMP_WORDS[COMP_CWORD]}" \
			"${COMP_WORDS[COMP_CWORD - 1]}" || exit 1
		for w in "${COMPREPLY[@]}"; do
			printf "%s\n" "$w"
		done
	' complete "${COMPLETION:-$TOP/completion/fsreport.bash}" "$@" |
	sort
}

# on_tty COMMAND: run the shell command on a pseudo-terminal (script(1)
# from bsdutils) and print what was written to it, with the terminal's
# CR LF line ends made LF again (a lone CR stays). The terminal is an
# xterm whatever the caller's TERM (dumb under Emacs' M-x compile or
# "env -i TERM=dumb make check"); COMMAND may set its own.
on_tty() {
	TERM=xterm script -qec "$1" /dev/null </dev/null | sed 's/\r$//'
}

# screen: what a terminal shows of on_tty's output: within each line, the
# text after a CR overwrites the text before it; trailing blanks and
# blank lines at the end dropped
screen() {
	awk '{
		n = split($0, seg, "\r")
		buf = ""
		for (i = 1; i <= n; i++) {
			s = seg[i]
			if (length(s) >= length(buf))
				buf = s
			else
				buf = s substr(buf, length(s) + 1)
		}
		sub(/ +$/, "", buf)
		if (buf == "") {
			blank++
			next
		}
		for (; blank > 0; blank--)
			print ""
		print buf
	}'
}

# has_escape FILE: FILE holds an ESC byte
has_escape() {
	grep -q "$(printf '\033')" "$1"
}

# help_option_args CMD: "NAME ARG" for every long option of CMD --help
# that takes a value (ARG is the upper-case word after it)
help_option_args() {
	"$FSREPORT" "$1" --help |
	sed -n 's/^  \(-[A-Za-z0-9], \)\{0,1\} *--\([a-z][a-z0-9-]*\) \([A-Z][A-Z]*\) .*/\2 \3/p'
}

# option_values CMD OPT: the words OPT accepts, one a line, sorted, as
# fsreport's refusal of a wrong one lists them ("--test wants welch or
# mwu, not 'x'"); nothing when OPT takes a number, a name or a path
option_values() {
	"$FSREPORT" "$1" "--$2" zz-not-a-value -o zz.out zz-a zz-b \
		</dev/null 2>&1 >/dev/null |
	sed -n "1s/^fsreport: --$2 wants \(.*\)/\1/p" |
	sed "s/, not '.*//; s/, /\n/g; s/ or /\n/g" |
	awk '/^[a-z][a-z0-9-]*$/ { print; next } { bad = 1 }
	     END { exit bad }' >"${TMPDIR:-/tmp}/fsr-values.$$" &&
	sort "${TMPDIR:-/tmp}/fsr-values.$$"
	rm -f "${TMPDIR:-/tmp}/fsr-values.$$"
}
