"""How a player's process is started: under bubblewrap where it can be, with limits always.

On Linux with ``bwrap`` (Debian's ``bubblewrap``) on the path, each player's process runs in
a sandbox of its own (:func:`sandbox_command`):

* new IPC, PID, network, UTS and cgroup namespaces: no network at all (only a loopback that
  is down), its own process tree (it cannot see or signal the referee or the other player),
  and ``--die-with-parent``: when the referee kills the sandbox, everything in it dies;
* ``--new-session``: it cannot push characters into the referee's terminal;
* a file system made of read-only views of only what Python needs (``/usr`` and the
  ``/lib*`` links, the loader's cache, the Python installation ``sys.base_prefix``, the
  virtualenv ``sys.prefix``, the ``gamelib`` package), a private ``/proc`` and ``/dev``, and
  two small private writable tmpfs: ``/tmp`` and its working folder ``/player``, which holds
  a read-only copy of its own file. The lecturer's home, ``/etc`` (``/etc/passwd``
  included), the other player's file and the rest of the machine are not there at all.

Why not ``--unshare-all``: as root it also makes a user namespace in which the player's
process could not give up root for its own user id (below); the namespaces are listed one
by one instead, the same ones but the user namespace. When the referee is not root, bwrap
makes the user namespace itself (it needs one to run unprivileged).

Everywhere, the player's process sets its own resource limits before it reads the player's
file (:func:`gamelib.tournament.child.apply_limits`: CPU seconds, address space, processes,
file size, open files; soft and hard, so they cannot be raised again).

The process limit and user ids. ``RLIMIT_NPROC`` counts every process of a user id, and does
not apply to root. So when the referee runs as root, each player runs as a user id of its own
(:func:`claim_user_ids`: ids from :data:`FIRST_USER_ID` on, locked per game so two games
running at the same time on the machine never share one), and a fork bomb stops at its own
limit without touching anybody else's processes; at the end of the game every process of
that id is killed. When the referee is not root it cannot change ids: in the sandbox the
limit then counts the processes of the sandbox's own user namespace (bwrap makes one), and
without the sandbox no process limit is set at all (it would count all the lecturer's own
processes), which :func:`isolation_warning` says.

Without bubblewrap (macOS, Windows, or ``sandbox=False``) the player runs with the limits
alone, in a fresh temporary folder, and the module warns once per process that players are
not isolated from the machine's files (:func:`warn_once`). Where bubblewrap is installed but
cannot make its sandbox (a container; a system that restricts unprivileged user namespaces:
"setting up uid map: Permission denied"), :func:`require_sandbox` finds it out once, with
one trial, and raises :class:`SandboxUnavailableError`, whose sentence tells the lecturer what
to do; no game is played and no player is blamed.

The side not on move does not compute (:func:`freeze`, :func:`thaw`, :func:`cpu_ticks`): the
referee stops a side's whole process tree with SIGSTOP between its moves and measures what
the tree still uses. bwrap reads its options from a pipe (``--args``), so that
``/proc/1/cmdline`` inside the sandbox does not list the folders it binds (the referee's
:func:`gamelib.tournament.referee.hidden_options`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import gamelib

FIRST_USER_ID: Final = 61000
"""The first user id players run as when the referee is root."""

USER_IDS: Final = 512
"""How many ids are tried (two per game running at once on the machine)."""

TMPFS_BYTES: Final = 64 << 20
"""The size of each of the sandbox's writable folders (``/tmp`` and ``/player``)."""

PLAYER_FOLDER: Final = "/player"
"""The player's working folder inside the sandbox."""

_warned = False


def bubblewrap() -> str | None:
    """The path of ``bwrap`` on Linux, or None (not Linux, or not installed)."""
    if not sys.platform.startswith("linux"):
        return None
    return shutil.which("bwrap")


def isolation_warning(asked: bool = True) -> str:
    """The sentence said once when players run with limits alone (``asked``: the sandbox
    was asked for, but bwrap is missing; else it was switched off)."""
    cause = (
        "bubblewrap (bwrap) is not available"
        if asked
        else "the sandbox is switched off (sandbox_wanted=False)"
    )
    sentence = (
        f"{cause}: players run with resource limits alone and are NOT isolated from this "
        "machine's files or network; run the tournament on Linux with Debian's 'bubblewrap' "
        "package for isolation."
    )
    if os.name == "posix" and os.getuid() != 0:
        sentence += " Without root no process limit is set (it would count all your processes)."
    return sentence


def warn_once(asked: bool = True) -> None:
    """Warn (a :class:`RuntimeWarning`, see :func:`isolation_warning`) that players are not
    isolated; once per process."""
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(isolation_warning(asked), RuntimeWarning, stacklevel=3)


PROBE_SECONDS: Final = 20.0
"""How long the one trial of the sandbox (:func:`sandbox_failure`) may take."""

_probed: dict[str, str | None] = {}


def unavailable_sentence(reason: str) -> str:
    """What the lecturer is told when bwrap is installed but cannot make its sandbox."""
    return (
        f"bubblewrap (bwrap) is installed but cannot make its sandbox on this machine ({reason}); "
        "this happens in containers and on systems that restrict unprivileged user namespaces "
        "(Ubuntu 23.10 and later), it is not a fault of any player's file: allow user "
        "namespaces (on Ubuntu: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0) "
        "or run the tournament outside the container, then start it again."
    )


class SandboxUnavailableError(RuntimeError):
    """bwrap is installed but cannot make its sandbox here: the machine's setup, never a
    player's fault. ``reason`` is what bwrap said; the message is
    :func:`unavailable_sentence`."""

    def __init__(self, reason: str) -> None:
        super().__init__(unavailable_sentence(reason))
        self.reason = reason


def sandbox_failure(bwrap: str) -> str | None:
    """Why ``bwrap`` cannot run this Python in the players' sandbox (the last line it wrote,
    such as ``bwrap: setting up uid map: Permission denied``), or None when it can. Tried
    once per process (a sandbox that starts Python and exits, about a tenth of a second)."""
    if bwrap not in _probed:
        command, _ = sandbox_command(bwrap, [sys.executable, "-I", "-c", "pass"], "", None)
        try:
            done = subprocess.run(
                command,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=PROBE_SECONDS,
                start_new_session=True,
                env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            _probed[bwrap] = str(error)
        else:
            said = done.stderr.decode("utf-8", errors="replace").strip().splitlines()
            failure = said[-1][:200] if said else f"exit code {done.returncode}"
            _probed[bwrap] = None if done.returncode == 0 else failure
    return _probed[bwrap]


def require_sandbox() -> None:
    """Check, once per process, that the sandbox can be made where bwrap is installed.

    Raises:
        SandboxUnavailableError: when bwrap is on the path but fails (nothing is raised when
            it works, or when it is missing: players then run with limits alone, with the
            warning of :func:`warn_once`).
    """
    bwrap = bubblewrap()
    if bwrap is not None:
        failure = sandbox_failure(bwrap)
        if failure is not None:
            raise SandboxUnavailableError(failure)


def _lock_folder() -> Path:
    folder = Path(tempfile.gettempdir()) / "gamelib-referee-user-ids"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


@contextlib.contextmanager
def claim_user_ids(count: int) -> Iterator[list[int | None]]:
    """``count`` user ids no other game on this machine is using now (each locked with a
    file lock until the block ends; a referee that dies frees its ids with it), or Nones
    when the referee is not root (it cannot change ids).

    Every process left running under the claimed ids is killed when they are released, so a
    player's leftovers never outlive its game (and never meet the next game's player).
    """
    if os.name != "posix" or os.getuid() != 0:
        yield [None] * count
        return
    folder = _lock_folder()
    held: list[tuple[int, int]] = []
    try:
        for user_id in range(FIRST_USER_ID, FIRST_USER_ID + USER_IDS):
            if len(held) == count:
                break
            descriptor = os.open(folder / f"{user_id}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(descriptor)
                continue
            held.append((user_id, descriptor))
        if len(held) < count:
            raise RuntimeError(f"no free player user id in {FIRST_USER_ID}+{USER_IDS}")
        yield [user_id for user_id, _ in held]
    finally:
        kill_user_processes([user_id for user_id, _ in held])
        for _, descriptor in held:
            os.close(descriptor)


def process_ids() -> list[int]:
    """Every process id listed in /proc (Linux; an empty list elsewhere)."""
    try:
        return [int(entry) for entry in os.listdir("/proc") if entry.isdigit()]
    except OSError:
        return []


def user_processes(user_ids: Collection[int]) -> list[int]:
    """The live processes (zombies left out) whose real user id is one of ``user_ids``
    (Linux, via /proc; an empty list elsewhere)."""
    wanted = {str(user_id) for user_id in user_ids}
    found = []
    for pid in process_ids():
        status = _read(f"/proc/{pid}/status")
        if status is None:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        alive = not fields.get("State", "").strip().startswith(("Z", "X"))
        if alive and fields.get("Uid", "").split()[:1] in ([each] for each in wanted):
            found.append(pid)
    return found


def kill_user_processes(user_ids: Collection[int], seconds: float = 5.0) -> int:
    """SIGKILL every live process whose real user id is one of ``user_ids``, round after
    round until none is left (a fork bomb may fork while it is being killed; a killed process
    takes a moment to die), for at most ``seconds``. Returns how many kills were sent."""
    killed = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = user_processes(user_ids)
        if not found:
            break
        for pid in found:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        killed += len(found)
        time.sleep(0.002)
    return killed


def readable_by_anyone(path: str) -> bool:
    """Whether every folder above ``path`` can be entered by any user (so a process that gave
    up root can still load Python from there)."""
    current = Path(path).resolve()
    for folder in [current, *current.parents]:
        if folder.is_dir() and not os.stat(folder).st_mode & 0o001:
            return False
    return True


@dataclass(frozen=True)
class Launch:
    """How to start one player's process.

    Attributes:
        command: The command line.
        cwd: Its working folder (on the referee's side).
        env: Its environment (a small one: nothing of the referee's leaks in).
        player_path: The player file as the process sees it.
        sandboxed: Whether the command runs under bubblewrap.
        user_id: The id the process gives up root for, or None.
    """

    command: list[str]
    cwd: str
    env: dict[str, str]
    player_path: str
    sandboxed: bool
    user_id: int | None


def prepare_folder(player_file: str) -> tuple[str, str]:
    """A fresh temporary folder with a read-only copy of the player's file in it:
    ``(folder, copy)``. The copy keeps the file's name (the player's module name comes from
    it). A missing file gives an empty folder and a copy path that does not exist."""
    folder = tempfile.mkdtemp(prefix="gamelib-player-")
    os.chmod(folder, 0o755)
    copy = os.path.join(folder, os.path.basename(player_file) or "player.py")
    if os.path.isfile(player_file):
        shutil.copyfile(player_file, copy)
        os.chmod(copy, 0o444)
    return folder, copy


def child_command(settings: str) -> list[str]:
    """The player's process: this Python, isolated mode (no user site, no PYTHON* variables,
    not the working folder on the path), no bytecode written, running the referee's own copy
    of :mod:`gamelib.tournament.child` (the folder above this ``gamelib`` package comes first
    on its path: a second copy installed elsewhere, as in a git worktree beside an editable
    install, is never the one that runs)."""
    above = str(Path(gamelib.__file__).resolve().parent.parent)
    program = (
        f"import sys; sys.path.insert(0, {above!r}); "
        "from gamelib.tournament.child import main; main(sys.argv)"
    )
    return [sys.executable, "-I", "-B", "-c", program, settings]


def _read_only_views() -> list[str]:
    """The folders the sandbox shows read-only, outermost first, without duplicates."""
    package = str(Path(gamelib.__file__).resolve().parent)
    executable = str(Path(sys.executable).resolve().parent)
    folders: list[str] = []
    for folder in (sys.base_prefix, sys.prefix, package, executable):
        resolved = str(Path(folder).resolve())
        if resolved.startswith("/usr/") or resolved in folders:
            continue
        folders.append(resolved)
        if folder != resolved:
            folders.append(folder)
    return sorted(set(folders), key=lambda each: (each.count("/"), each))


def sandbox_command(
    bwrap: str, command: list[str], player_copy: str, user_id: int | None
) -> tuple[list[str], str]:
    """The bubblewrap command that runs ``command`` in the sandbox described in the module
    docstring, and the player file's path inside it."""
    arguments = [
        bwrap,
        "--unshare-ipc",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--die-with-parent",
        "--new-session",
        "--ro-bind",
        "/usr",
        "/usr",
    ]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            arguments += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            arguments += ["--ro-bind", top, top]
    for loader_file in ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d"):
        arguments += ["--ro-bind-try", loader_file, loader_file]
    arguments += ["--proc", "/proc", "--dev", "/dev"]
    arguments += ["--size", str(TMPFS_BYTES), "--perms", "1777", "--tmpfs", "/tmp"]
    made = {"/", "/usr", "/tmp", "/proc", "/dev", "/etc"}
    for folder in _read_only_views():
        for parent in reversed(Path(folder).parents):
            if str(parent) not in made:
                arguments += ["--perms", "0755", "--dir", str(parent)]
                made.add(str(parent))
        arguments += ["--ro-bind", folder, folder]
        made.add(folder)
    inside = f"{PLAYER_FOLDER}/{os.path.basename(player_copy)}"
    owner_perms = "0777" if user_id is not None else "0755"
    arguments += ["--size", str(TMPFS_BYTES), "--perms", owner_perms, "--tmpfs", PLAYER_FOLDER]
    if os.path.exists(player_copy):
        arguments += ["--ro-bind", player_copy, inside]
    arguments += ["--chdir", PLAYER_FOLDER, "--"]
    return arguments + command, inside


def launch(
    player_file: str,
    folder: str,
    copy: str,
    settings: dict[str, Any],
    *,
    sandbox: bool,
    user_id: int | None,
) -> Launch:
    """How to start the player of ``player_file`` (copied to ``copy`` in ``folder``).

    ``settings`` are the child's (:mod:`gamelib.tournament.child`); this adds the user id
    and, without root or without a sandbox, drops the process limit where it would count
    the wrong processes (see the module docstring). Warns once when ``sandbox`` is asked
    for but bwrap is missing, and whenever it is not asked for.
    """
    import json

    bwrap = bubblewrap() if sandbox else None
    if bwrap is None:
        warn_once(asked=sandbox)
    limits = dict(settings["limits"])
    if bwrap is None:
        # Without a sandbox, giving up root only works if Python is reachable by any user.
        if user_id is not None and not readable_by_anyone(sys.base_prefix):
            user_id = None
        if user_id is None:
            limits["processes"] = None
    if user_id is not None and bwrap is None:
        os.chown(folder, user_id, user_id)
    environment = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TMPDIR": "/tmp"}
    child_settings = json.dumps({**settings, "limits": limits, "user_id": user_id})
    command = child_command(child_settings)
    if bwrap is None:
        environment["HOME"] = folder
        return Launch(command, folder, environment, copy, False, user_id)
    wrapped, inside = sandbox_command(bwrap, command, copy, user_id)
    environment["HOME"] = PLAYER_FOLDER
    return Launch(wrapped, folder, environment, inside, True, user_id)


# --- The side not on move does not compute -------------------------------------------------
#
# Between its moves a player's whole process tree is stopped with SIGSTOP, which no process
# can catch, block or ignore. The tree is found from the process the referee started: under
# the sandbox that is the outer ``bwrap``, and every process the player starts stays below it
# whatever it does (a new session or process group, a double fork: an orphan is adopted by
# the PID namespace's first process, bwrap's own, which is in the tree). Without the sandbox
# an orphan is adopted by the machine's init and leaves the tree: the sandbox is what makes
# the rule hold.

CLOCK_TICK: Final = 1.0 / os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 0.01
"""The unit of the CPU times in ``/proc/PID/stat`` (1/100 s on Linux)."""

FREEZE_SECONDS: Final = 1.0
"""How long :func:`freeze` keeps stopping a tree whose processes keep waking each other."""


def _read(path: str) -> str | None:
    try:
        with open(path) as file:
            return file.read()
    except OSError:
        return None


def _stat_fields(path: str) -> list[str] | None:
    """The fields of a ``/proc/.../stat`` file after the command's name (field 3, the state,
    first), or None for a process that is gone."""
    text = _read(path)
    if text is None or ")" not in text:
        return None
    return text[text.rindex(")") + 2 :].split()


def _tasks(pid: int) -> list[str]:
    try:
        return os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []


def _children_files() -> bool:
    """Whether this kernel lists each thread's children in /proc (``CONFIG_PROC_CHILDREN``)."""
    return os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children")


_CHILDREN_FILES: Final = _children_files()


def _children_by_parent() -> dict[int, list[int]]:
    """Every process's children, from the parent id in each ``/proc/PID/stat`` (the slower
    way, for kernels without the children files)."""
    children: dict[int, list[int]] = {}
    for pid in process_ids():
        fields = _stat_fields(f"/proc/{pid}/stat")
        if fields is not None and len(fields) > 1:
            children.setdefault(int(fields[1]), []).append(pid)
    return children


def process_tree(root: int) -> list[int]:
    """``root`` and every process below it, parents first (Linux: each thread's
    ``/proc/PID/task/TID/children``, or every process's parent id where the kernel has no
    such files; an empty list without /proc or when ``root`` is gone). A process forked while
    the tree is read may be missing: :func:`freeze` reads the tree again until every process
    in it is stopped."""
    slow = not _CHILDREN_FILES and os.path.isdir("/proc")
    by_parent = _children_by_parent() if slow else None
    found: list[int] = []
    seen: set[int] = set()
    waiting = [root]
    while waiting:
        pid = waiting.pop(0)
        if pid in seen:
            continue
        tasks = _tasks(pid)
        if not tasks:
            continue
        seen.add(pid)
        found.append(pid)
        if by_parent is not None:
            waiting.extend(by_parent.get(pid, []))
            continue
        for task in tasks:
            children = _read(f"/proc/{pid}/task/{task}/children")
            if children:
                waiting.extend(int(child) for child in children.split())
    return found


def is_stopped(pid: int, signalled: bool = False) -> bool:
    """Whether no thread of ``pid`` can run: each is stopped (``T``, ``t``), a zombie or dead,
    or the process is gone. When the process has been sent SIGSTOP (``signalled``), a thread
    in uninterruptible sleep (``D``, as a parent waiting for its ``vfork`` child) counts as
    stopped too: it stops before it runs any code of the player's again."""
    stopped = ("T", "t", "Z", "X", "D") if signalled else ("T", "t", "Z", "X")
    for task in _tasks(pid):
        fields = _stat_fields(f"/proc/{pid}/task/{task}/stat")
        if fields is not None and fields[0] not in stopped:
            return False
    return True


def freeze(root: int, seconds: float = FREEZE_SECONDS) -> bool:
    """Stop (SIGSTOP) every process of ``root``'s tree, round after round until a round finds
    every one stopped (a process forked, or woken by a SIGCONT from a process not yet
    stopped, is caught by the next round). False if that did not happen within ``seconds``
    (the processes stopped so far stay stopped; :func:`cpu_ticks` then shows what ran)."""
    deadline = time.monotonic() + seconds
    rounds = 0
    signalled: set[int] = set()
    while True:
        running = [pid for pid in process_tree(root) if not is_stopped(pid, pid in signalled)]
        if not running:
            return True
        for pid in running:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGSTOP)
            signalled.add(pid)
        if time.monotonic() > deadline:
            return False
        rounds += 1
        # A stop takes effect when the process next runs: look again at once for a while
        # (a few tens of microseconds a round), then give the machine's cores to it.
        if rounds > 64:
            time.sleep(0.001)
        else:
            os.sched_yield()


def thaw(root: int) -> None:
    """Continue (SIGCONT) every process of ``root``'s tree, children first (a parent never
    runs before the processes below it can)."""
    for pid in reversed(process_tree(root)):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGCONT)


def cpu_ticks(root: int) -> int:
    """The CPU time (user and system, in :data:`CLOCK_TICK`) of ``root``'s tree: each live or
    zombie process's own time (its threads', finished ones included) and its collected
    children's. A process that ends and is collected inside the tree moves its time to its
    parent's count, so the difference of two readings is what the tree used in between."""
    total = 0
    for pid in process_tree(root):
        fields = _stat_fields(f"/proc/{pid}/stat")
        if fields is not None and len(fields) > 14:
            total += sum(int(fields[index]) for index in (11, 12, 13, 14))
    return total


def process_snapshot(root: int) -> list[tuple[int, str]]:
    """Every process of ``root``'s tree with its start time (so that a process id the
    kernel hands to a new process later is never mistaken for it)."""
    found = []
    for pid in process_tree(root):
        fields = _stat_fields(f"/proc/{pid}/stat")
        if fields is not None and len(fields) > 19:
            found.append((pid, fields[19]))
    return found


def _is_running(pid: int, started: str) -> bool:
    """Whether process ``pid``, started at ``started``, is still there (not a zombie)."""
    fields = _stat_fields(f"/proc/{pid}/stat")
    return (
        fields is not None
        and len(fields) > 19
        and fields[19] == started
        and fields[0]
        not in (
            "Z",
            "X",
        )
    )


def end_processes(snapshot: list[tuple[int, str]], seconds: float = 5.0) -> list[int]:
    """SIGKILL every process of ``snapshot`` (see :func:`process_snapshot`) still running and
    wait, at most ``seconds``, until none is. Returns those still running then (none unless
    the kernel is slow)."""
    deadline = time.monotonic() + seconds
    while True:
        alive = [(pid, started) for pid, started in snapshot if _is_running(pid, started)]
        if not alive or time.monotonic() > deadline:
            return [pid for pid, _ in alive]
        for pid, _ in alive:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.002)


def kill_tree(root: int, seconds: float = 5.0) -> list[int]:
    """SIGKILL every process of ``root``'s tree and wait, at most ``seconds``, until none of
    them is running. The tree is stopped first (:func:`freeze`), so that no process forks
    while it is read. Returns the processes still running at the end (none unless the kernel
    is slow)."""
    freeze(root, min(seconds / 5, FREEZE_SECONDS))
    return end_processes(process_snapshot(root), seconds)
