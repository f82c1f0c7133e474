# bash completion for fsreport(1)                          -*- shell-script -*-
#
# Installed by "make install" as
# $(PREFIX)/share/bash-completion/completions/fsreport; works with or
# without the bash-completion package. Completes commands, the options of
# each command, the values of options that take one of a few words
# (--format, --to, --color, --test, ...), and files and folders for run
# sets (also after LABEL=) and for -o, --svg, --png, --chart-dir.
#
# tests/cli/t0930-everyday-completion.sh checks these lists against
# "fsreport COMMAND --help" and the "--OPT wants a, b or c" messages:
# keep them equal when commands, options, formats or values change.

_fsreport_commands="show compare import trend store check report"

_fsreport_options_show="--format --output --width --confidence --keep-going
	--verbose --quiet --color --svg --png --chart-dir --chart-format --scale
	--dpi --debug-layout --db --select --since --until --only --exclude
	--sort --note --help"
_fsreport_options_compare="--format --output --width --confidence --alpha
	--baseline --test --adjust --min-change --runs-needed --ci --seed --bootstrap-b
	--sign --outliers --fail-on-regression --group --keep-going --verbose --quiet
	--color
	--svg --png --chart-dir --chart-format --scale --dpi --debug-layout --db
	--select --only --exclude --only-changed --geomean-only --geomean-exclude
	--sort --note --help"

_fsreport_options_import="--output --keep-going --verbose --quiet --to --help"

_fsreport_options_trend="--format --output --width --confidence --alpha
	--min-change --seed --keep-going --verbose --quiet --color --order
	--svg --png --chart-dir --chart-format --scale --dpi --debug-layout
	--min-size --permutations --db --select --since --until --help"

_fsreport_options_check="--format --output --width --confidence --alpha
	--adjust --min-change --seed --keep-going --verbose --quiet --color
	--min-size --permutations --db --select --since --until --help"

_fsreport_options_store="--output --keep-going --verbose --quiet --to --db
	--select --since --until --note --help"

_fsreport_options_report="--output --width --confidence --alpha --baseline
	--test --adjust --min-change --runs-needed --ci --seed --bootstrap-b --sign
	--outliers --keep-going --verbose --quiet --scale --dpi --title --subtitle
	--caption --only --exclude --only-changed --geomean-only --geomean-exclude
	--sort --note --trend --order --min-size --permutations --db --select --help"

_fsreport_formats_show="ascii csv table markdown json xml pts long-csv html"
_fsreport_formats_compare="ascii csv table markdown json xml pts long-csv html"
_fsreport_formats_trend="ascii csv"
_fsreport_formats_check="ascii csv"

# _fsreport_files CUR [PREFIX [-d]]: files and folders (with -d: only
# folders) matching CUR, each preceded by PREFIX (for LABEL=PATH when '='
# does not break words).
_fsreport_files()
{
	local cur=$1 prefix=${2:-} what=${3:--f} f
	local IFS=$'\n'

	compopt -o filenames 2>/dev/null
	for f in $(compgen $what -- "$cur"); do
		if [[ -d $f ]]; then
			COMPREPLY+=("$prefix$f/")
		else
			COMPREPLY+=("$prefix$f")
		fi
	done
	[[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]] &&
		compopt -o nospace 2>/dev/null
	return 0
}

# _fsreport_values CMD OPTION CUR [PREFIX]: complete OPTION's value.
# Returns 1 when OPTION takes no value we know of.
_fsreport_values()
{
	local cmd=$1 opt=$2 cur=$3 prefix=${4:-} words w

	case $opt in
	-f | --format)
		words=_fsreport_formats_$cmd
		words=${!words}
		;;
	-t | --to)
		words="csv json xml pts"
		;;
	--color)
		words="auto always never"
		;;
	--test)
		words="welch mwu"
		;;
	--adjust)
		words="holm bh none"
		;;
	--ci)
		words="welch bootstrap"
		;;
	--sign)
		words="change better"
		;;
	--outliers)
		words="esd tukey mad"
		;;
	--chart-format)
		words="svg png"
		;;
	--order)
		words="given name version time"
		;;
	--sort)
		words="input name change"
		;;
	-o | --output | --svg | --png | --db)
		_fsreport_files "$cur" "$prefix"
		return 0
		;;
	--chart-dir)
		_fsreport_files "$cur" "$prefix" -d
		return 0
		;;
	-w | --width | --confidence | --alpha | -b | --baseline | --group | \
	--min-change | --runs-needed | --seed | --bootstrap-b | --scale | --dpi | \
	--min-size | --permutations | --title | --subtitle | --caption | \
	--note | --only | --exclude | --geomean-only | --geomean-exclude | \
	--select | --since | --until)
		return 0 # a number or a label: nothing to offer
		;;
	*)
		return 1
		;;
	esac
	for w in $(compgen -W "$words" -- "$cur"); do
		COMPREPLY+=("$prefix$w")
	done
	return 0
}

_fsreport()
{
	local cur prev cmd opts
	local cword=$COMP_CWORD

	COMPREPLY=()
	cur=${COMP_WORDS[cword]}
	prev=${COMP_WORDS[cword - 1]}

	if ((cword == 1)); then
		COMPREPLY=($(compgen -W "$_fsreport_commands --help --version" \
			-- "$cur"))
		return 0
	fi
	cmd=${COMP_WORDS[1]}
	opts=_fsreport_options_$cmd
	[[ -n ${!opts+set} ]] || return 0

	# "--color=al": with '=' in COMP_WORDBREAKS, bash splits it into
	# "--color" "=" "al"; without, it is one word.
	if [[ $cur == = ]]; then
		_fsreport_values "$cmd" "$prev" "" && return 0
		cur=
	elif [[ $prev == = ]] && ((cword >= 3)); then
		_fsreport_values "$cmd" "${COMP_WORDS[cword - 2]}" "$cur" &&
			return 0
	elif [[ $cur == --*=* ]]; then
		_fsreport_values "$cmd" "${cur%%=*}" "${cur#*=}" \
			"${cur%%=*}=" && return 0
	elif [[ $prev == -* ]]; then
		_fsreport_values "$cmd" "$prev" "$cur" && return 0
	fi

	case $cur in
	-*)
		COMPREPLY=($(compgen -W "${!opts}" -- "$cur"))
		;;
	*=*)
		# LABEL=PATH when '=' does not break words.
		_fsreport_files "${cur#*=}" "${cur%%=*}="
		;;
	*)
		_fsreport_files "$cur"
		;;
	esac
	return 0
}

complete -F _fsreport fsreport
