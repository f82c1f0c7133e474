#!/bin/sh
# install.sh install|uninstall - what "make install" and "make uninstall"
# do (the GNUmakefile passes the variables):
#
#	BIN MODULE BINDIR LIBDIR MANDIR BASHCOMPDIR PREFIX [DESTDIR] [INSTALL]
#
# install puts the binary, the chart module (LIBDIR, which is
# ../lib/fsreport from BINDIR: the binary finds it there), the man page
# and the bash completion under
# $DESTDIR, creating the folders that are missing, and lists the folders
# it created in $DESTDIR$PREFIX/share/fsreport/installed-dirs (paths
# without DESTDIR). uninstall removes the four files, then each listed
# folder that is empty (deepest first) and the list itself; a folder
# that was there before install, or that holds anything else, stays.
#
# Bash completion is loaded on demand by Debian's bash-completion
# package from .../share/bash-completion/completions under $XDG_DATA_DIRS
# (default /usr/local/share:/usr/share) and ~/.local/share: install says
# what to do when BASHCOMPDIR is not one of those, or the package is
# missing.
set -eu

: "${DESTDIR:=}" "${INSTALL:=install}"
RECORD_DIR=$PREFIX/share/fsreport
RECORD=$RECORD_DIR/installed-dirs

# mkdirs DIR...: create the missing folders (and parents); print the
# ones created, without DESTDIR
mkdirs() {
	for d in "$@"; do
		missing=""
		p=$d
		while [ -n "$p" ] && [ "$p" != / ] && [ ! -d "$DESTDIR$p" ]; do
			missing="$p
$missing"
			p=$(dirname "$p")
		done
		printf '%s' "$missing"
		"$INSTALL" -d "$DESTDIR$d"
	done
}

completion_note() {
	case "$BASHCOMPDIR" in
	/usr/share/bash-completion/completions | \
	/usr/local/share/bash-completion/completions | \
	"${HOME:-/nonexistent}/.local/share/bash-completion/completions") ;;
	*)
		echo "note: bash-completion looks in \$XDG_DATA_DIRS (default" \
		     "/usr/local/share:/usr/share); for completion add" \
		     "$(dirname "$(dirname "$BASHCOMPDIR")") to XDG_DATA_DIRS" ;;
	esac
	if [ ! -f /usr/share/bash-completion/bash_completion ]; then
		echo "note: completion on demand needs the bash-completion" \
		     "package: apt-get install bash-completion"
	fi
}

case "${1:-}" in
install)
	created=$(mkdirs "$BINDIR" "$LIBDIR" "$MANDIR/man1" "$BASHCOMPDIR" \
		  "$RECORD_DIR")
	"$INSTALL" -m 755 "$BIN" "$DESTDIR$BINDIR/fsreport"
	"$INSTALL" -m 644 "$MODULE" "$DESTDIR$LIBDIR/fsreport-cairo.so"
	"$INSTALL" -m 644 fsreport.1 "$DESTDIR$MANDIR/man1/fsreport.1"
	"$INSTALL" -m 644 completion/fsreport.bash \
		"$DESTDIR$BASHCOMPDIR/fsreport"
	# a second install keeps what the first one created
	{
		if [ -f "$DESTDIR$RECORD" ]; then cat "$DESTDIR$RECORD"; fi
		if [ -n "$created" ]; then printf '%s\n' "$created"; fi
	} | sort -u >"$DESTDIR$RECORD.new"
	mv "$DESTDIR$RECORD.new" "$DESTDIR$RECORD"
	chmod 644 "$DESTDIR$RECORD"
	completion_note
	;;
uninstall)
	rm -f "$DESTDIR$BINDIR/fsreport" "$DESTDIR$LIBDIR/fsreport-cairo.so" \
		"$DESTDIR$MANDIR/man1/fsreport.1" \
		"$DESTDIR$BASHCOMPDIR/fsreport"
	if [ -f "$DESTDIR$RECORD" ]; then
		dirs=$(sort -r "$DESTDIR$RECORD")
		rm -f "$DESTDIR$RECORD"
		# deepest first: a parent comes after its children
		printf '%s\n' "$dirs" | while IFS= read -r d; do
			[ -n "$d" ] && rmdir "$DESTDIR$d" 2>/dev/null || :
		done
	fi
	;;
*)
	echo "usage: install.sh install|uninstall" >&2
	exit 2
	;;
esac
