#!/usr/bin/env bash
# Install Scarab on Raspberry Pi OS Bookworm or Trixie as the locked-down `scarab` service.
#
#   sudo systemd/install.sh              install or update (safe to run again)
#   sudo systemd/install.sh --uninstall  remove the service, the venv and the user
#                                        (keeps your games and config; --purge removes them too)
#   systemd/install.sh --dry-run [...]   print every step, change nothing (no root needed)
#   systemd/install.sh --dry-run --with-venv   the same, but build the venv for real
#                                        (under SCARAB_PREFIX): how it is tested off the Pi
#
# Run it from a checkout of Scarab: it installs that checkout. Paths can be moved for
# tests with SCARAB_PREFIX, SCARAB_ETC, SCARAB_STATE, SCARAB_UNIT_DIR, SCARAB_BIN_LINK,
# SCARAB_BOOT_CONFIG, SCARAB_USER, SCARAB_PYTHON and SCARAB_OS_RELEASE.
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="${SCARAB_PREFIX:-/opt/scarab}"
VENV="$PREFIX/venv"
ETC="${SCARAB_ETC:-/etc/scarab}"
STATE="${SCARAB_STATE:-/var/lib/scarab}"
UNIT_DIR="${SCARAB_UNIT_DIR:-/etc/systemd/system}"
BIN_LINK="${SCARAB_BIN_LINK:-/usr/local/bin/scarab}"
BOOT_CONFIG="${SCARAB_BOOT_CONFIG:-/boot/firmware/config.txt}"
SERVICE_USER="${SCARAB_USER:-scarab}"
# The system's Python: the venv sees its site packages (picamera2, NumPy, lgpio from apt).
PYTHON="${SCARAB_PYTHON:-/usr/bin/python3}"
OS_RELEASE="${SCARAB_OS_RELEASE:-/etc/os-release}"
GROUPS_NEEDED=(gpio i2c video)
# Nothing is compiled: every package comes from apt or as a wheel, so no gcc, no python3-dev.
APT_ALWAYS=(python3-venv python3-numpy python3-smbus2 i2c-tools)
APT_PI_ONLY=(python3-picamera2 python3-lgpio)

DRY_RUN=0
WITH_VENV=0
ACTION=install
PURGE=0
REBOOT_NEEDED=0
JOINED=""

usage() {
    sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --with-venv) WITH_VENV=1 ;;
        --uninstall) ACTION=uninstall ;;
        --purge) ACTION=uninstall PURGE=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $arg" >&2; usage >&2; exit 2 ;;
    esac
done

say() { printf '==> %s\n' "$*"; }
skip() { printf '    skip: %s\n' "$*"; }

# Every change goes through `step`: shown as a command line, run only without --dry-run.
step() {
    printf '  +'
    printf ' %q' "$@"
    printf '\n'
    if [ "$DRY_RUN" = 0 ]; then
        "$@"
    fi
}

# The venv's steps: run by `step`'s rules, and also in a dry run given --with-venv.
venv_step() {
    if [ "$DRY_RUN" = 1 ] && [ "$WITH_VENV" = 1 ]; then
        printf '  + (built for real: --with-venv)'
        printf ' %q' "$@"
        printf '\n'
        "$@"
    else
        step "$@"
    fi
}

# The release's codename (bookworm, trixie) from os-release; empty when unknown.
release() {
    # shellcheck disable=SC1090
    (. "$OS_RELEASE" 2>/dev/null && printf '%s' "${VERSION_CODENAME:-}")
}

# The pip constraints of this release, which keep the venv on the system's NumPy.
constraints_file() {
    local codename
    codename="$(release)"
    if [ -n "$codename" ] && [ -f "$SRC/systemd/constraints/$codename.txt" ]; then
        printf '%s' "$SRC/systemd/constraints/$codename.txt"
        return 0
    fi
    echo "install.sh: Raspberry Pi OS ${codename:-(unknown release)} is not supported:" \
        "Bookworm and Trixie are (systemd/constraints/)" >&2
    return 1
}

# Write stdin to a file (mode $2) through `step`, so --dry-run shows the content instead.
write_file() {
    local target="$1" mode="$2" content
    content="$(cat)"
    printf '  + write %s (mode %s):\n' "$target" "$mode"
    printf '%s\n' "$content" | sed 's/^/      | /'
    if [ "$DRY_RUN" = 0 ]; then
        printf '%s\n' "$content" >"$target"
        chmod "$mode" "$target"
    fi
}

CHECK_NUMPY='import sys, numpy
if not numpy.__file__.startswith("/usr/lib/python3/"):
    sys.exit("install.sh: the venv imports NumPy %s from %s, not the system one: picamera2 would fail" % (numpy.__version__, numpy.__file__))'

on_pi_os() { command -v raspi-config >/dev/null 2>&1; }
have_systemd() { [ -d /run/systemd/system ]; }

require_root() {
    if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
        echo "install.sh: run as root (sudo $0 $*), or add --dry-run to see the steps" >&2
        exit 1
    fi
}

enable_interfaces() {
    say "interfaces: I2C and the camera"
    if ! on_pi_os; then
        skip "raspi-config not found: not Raspberry Pi OS, no interfaces to enable"
        return
    fi
    # raspi-config's getters print 0 when an interface is already enabled.
    if [ "$(raspi-config nonint get_i2c)" = 0 ]; then
        skip "I2C is already enabled"
    else
        step raspi-config nonint do_i2c 0
        REBOOT_NEEDED=1
    fi
    # Bookworm's libcamera stack finds the camera through camera_auto_detect=1 in config.txt;
    # older raspi-config versions still have a camera switch, used where it exists.
    if grep -q 'do_camera()' "$(command -v raspi-config)" 2>/dev/null; then
        step raspi-config nonint do_camera 0
    elif grep -qxs 'camera_auto_detect=1' "$BOOT_CONFIG"; then
        skip "camera_auto_detect=1 is already set in $BOOT_CONFIG"
    else
        step sed -i -e '/^camera_auto_detect=/d' -e "\$a camera_auto_detect=1" "$BOOT_CONFIG"
        REBOOT_NEEDED=1
    fi
}

install_packages() {
    say "system packages"
    local packages=("${APT_ALWAYS[@]}")
    if on_pi_os; then
        packages+=("${APT_PI_ONLY[@]}")
    else
        skip "${APT_PI_ONLY[*]}: Raspberry Pi OS packages (not on this system)"
    fi
    step apt-get update -qq
    step env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}"
}

create_user() {
    say "the service user $SERVICE_USER (groups ${GROUPS_NEEDED[*]})"
    local group
    for group in "${GROUPS_NEEDED[@]}"; do
        if getent group "$group" >/dev/null; then
            skip "group $group exists"
        else
            step groupadd --system "$group"
        fi
    done
    if id -u "$SERVICE_USER" >/dev/null 2>&1; then
        skip "user $SERVICE_USER exists"
    else
        step useradd --system --user-group --home-dir "$STATE" --no-create-home \
            --shell /usr/sbin/nologin --comment "Scarab table referee" "$SERVICE_USER"
    fi
    step usermod --append --groups "$(IFS=,; echo "${GROUPS_NEEDED[*]}")" "$SERVICE_USER"
    # The games in $STATE belong to the group $SERVICE_USER (StateDirectoryMode=2770): the
    # account that ran sudo joins it, so its `scarab games`, `export` and `backup` can read them.
    local login="${SUDO_USER:-}"
    if [ -z "$login" ] || [ "$login" = root ]; then
        skip "no login account to let read the games (run the script with sudo from yours)"
    elif id -nG "$login" 2>/dev/null | tr ' ' '\n' | grep -qx "$SERVICE_USER"; then
        skip "$login is already in the group $SERVICE_USER"
    else
        step usermod --append --groups "$SERVICE_USER" "$login"
        JOINED="$login"
    fi
}

install_scarab() {
    say "Scarab into $VENV (with the system's site packages, for picamera2)"
    local constraints
    constraints="$(constraints_file)"
    if [ -x "$VENV/bin/python" ]; then
        skip "the venv exists"
    else
        venv_step mkdir -p "$PREFIX"
        venv_step "$PYTHON" -m venv --system-site-packages "$VENV"
    fi
    local extra=""
    if on_pi_os; then
        extra="[pi]"
    else
        skip "the [pi] extra: not Raspberry Pi OS (the devices stay simulated)"
    fi
    venv_step "$VENV/bin/python" -m pip install --quiet --upgrade pip
    # The constraints hold NumPy at the system's own (picamera2's compiled parts need it)
    # and pick an OpenCV and a SciPy built for it.
    venv_step "$VENV/bin/python" -m pip install --quiet --constraint "$constraints" "$SRC$extra"
    # Refuse a venv whose NumPy is not the system's: picamera2 would fail to import there.
    venv_step "$VENV/bin/python" -c "$CHECK_NUMPY"
    step install -m 0644 "$SRC/systemd/README.md" "$PREFIX/README.md"
    step ln -sfn "$VENV/bin/scarab" "$BIN_LINK"
}

write_config() {
    say "configuration in $ETC"
    if [ -e "$ETC/config.toml" ]; then
        skip "$ETC/config.toml exists: kept as it is"
        return
    fi
    step mkdir -p "$ETC"
    write_file "$ETC/config.toml" 0644 <<'TOML'
# Scarab's settings; every key and its default: docs/config.md in the Scarab sources.
# Devices are found automatically on a Raspberry Pi (driver = "auto").

[web]
port = 80  # the phone page: http://<this Pi's name>.local/
TOML
}

install_unit() {
    say "the systemd unit"
    step install -m 0644 "$SRC/systemd/scarab.service" "$UNIT_DIR/scarab.service"
    if ! have_systemd; then
        skip "systemd is not running here: enable it later with systemctl enable --now scarab"
        return
    fi
    step systemctl daemon-reload
    step systemctl enable scarab.service
    # restart, not start: an update must replace the running code
    step systemctl restart scarab.service
}

print_url() {
    local host address
    host="$(hostname)"
    address="$(hostname -I 2>/dev/null | cut -d' ' -f1 || true)"
    say "done"
    echo "    The page: http://$host.local/${address:+  (or http://$address/)}"
    echo "    The table PIN is on the OLED (or: journalctl -u scarab | grep PIN)."
    echo "    Check the wiring and the service: scarab doctor"
    if [ -n "$JOINED" ]; then
        echo "    $JOINED may now read the games (scarab games, export, backup): log in again first."
    fi
    if [ "$REBOOT_NEEDED" = 1 ]; then
        echo "    An interface was just enabled: reboot once (sudo reboot) so it appears."
    fi
}

uninstall() {
    say "removing the scarab service"
    if [ -e "$UNIT_DIR/scarab.service" ]; then
        if have_systemd; then
            step systemctl disable --now scarab.service
        fi
        step rm -f "$UNIT_DIR/scarab.service"
        if have_systemd; then
            step systemctl daemon-reload
        fi
    else
        skip "no unit at $UNIT_DIR/scarab.service"
    fi
    if [ -L "$BIN_LINK" ] && [ "$(readlink "$BIN_LINK")" = "$VENV/bin/scarab" ]; then
        step rm -f "$BIN_LINK"
    else
        skip "no link $BIN_LINK into the venv"
    fi
    if [ -d "$PREFIX" ]; then
        step rm -rf "$PREFIX"
    else
        skip "$PREFIX is gone"
    fi
    if id -u "$SERVICE_USER" >/dev/null 2>&1; then
        step userdel "$SERVICE_USER"
    else
        skip "no user $SERVICE_USER"
    fi
    if [ "$PURGE" = 1 ]; then
        step rm -rf "$ETC" "$STATE"
    else
        echo "    kept $STATE (your games) and $ETC (your settings); --purge removes them"
    fi
}

if [ "$DRY_RUN" = 1 ]; then
    echo "install.sh: dry run: nothing is changed; each '+' line is what would run"
fi
require_root "$@"
if [ "$ACTION" = uninstall ]; then
    uninstall
    exit 0
fi
enable_interfaces
install_packages
create_user
install_scarab
write_config
install_unit
print_url
