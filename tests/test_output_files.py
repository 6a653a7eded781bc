"""Output files are written, never clobbered (files.write_atomic and every command that writes).

A regular file is replaced atomically; a symlink is written through (the link
stays); a FIFO or device is written in place (never replaced by a regular
file); a folder or an empty path is refused with exit 2; an OS error is a
one-line message with exit 2 and leaves no temporary file. A user's rule file
is never built into the package's generated/ folder.
"""
from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from gouji_dsl.docs import rulebook
from gouji_dsl.cli import main
from gouji_dsl.files import OutputError, write_atomic
from gouji_dsl.paths import generated_dir
from helpers import CLUB_RULES



def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- write_atomic, file kind by file kind ----------------------------------------------------------------

def test_a_new_file_is_created_with_its_folders(tmp_path):
    path = tmp_path / "a" / "b" / "out.md"
    write_atomic(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask


def test_a_regular_file_is_replaced_and_keeps_its_mode(tmp_path):
    path = tmp_path / "out.md"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o640)
    inode = path.stat().st_ino
    write_atomic(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert path.stat().st_ino != inode  # replaced by rename, not rewritten in place
    assert listing(tmp_path) == ["out.md"]


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path):
    target = tmp_path / "real" / "book.md"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.md"
    link.symlink_to(target)
    chain = tmp_path / "chain.md"
    chain.symlink_to(link)
    write_atomic(chain, "new\n")
    assert chain.is_symlink() and link.is_symlink()
    assert os.readlink(chain) == str(link)
    assert target.read_text(encoding="utf-8") == "new\n"
    assert listing(tmp_path) == ["chain.md", "link.md", "real"]
    assert listing(target.parent) == ["book.md"]


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.md"
    link.symlink_to(tmp_path / "missing.md")
    write_atomic(link, "new\n")
    assert link.is_symlink()
    assert (tmp_path / "missing.md").read_text(encoding="utf-8") == "new\n"


def test_a_fifo_is_written_in_place_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_atomic(fifo, "through the pipe\n")
    reader.join(timeout=30)
    assert received == [b"through the pipe\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert listing(tmp_path) == ["pipe"]


def test_dev_stdout_into_a_pipe_is_written(tmp_path):
    """`-o /dev/stdout` with stdout a pipe: /dev/stdout links to "pipe:[...]", which names no
    file, and the text still goes down the pipe (docs/commands.md, "Files gouji writes")."""
    done = subprocess.run([sys.executable, "-m", "gouji_dsl", "doc", "qingdao", "--handout", "-o", "/dev/stdout"],
                          capture_output=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("utf-8").startswith("# ") and b"wrote /dev/stdout" in done.stderr
    assert listing(tmp_path) == []


def test_dev_null_stays_a_device():
    before = os.stat("/dev/null")
    write_atomic("/dev/null", "nothing\n")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


@pytest.mark.parametrize("name", ["", "folder", "link-to-folder", "new-folder/"])
def test_a_folder_or_an_empty_path_is_refused(tmp_path, name):
    (tmp_path / "folder").mkdir()
    (tmp_path / "link-to-folder").symlink_to(tmp_path / "folder")
    with pytest.raises(OutputError) as caught:
        write_atomic(str(tmp_path / name) + ("/" if name.endswith("/") else "") if name else "", "text\n")
    assert ("empty path" if not name else "is a folder") in str(caught.value.message)
    assert listing(tmp_path / "folder") == []
    assert not (tmp_path / "new-folder").exists()  # "new-folder/" names a folder: no file of that name


def test_a_symlink_loop_is_a_clear_error(tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises(OutputError, match=r"cannot write .*loop: Too many levels of symbolic links"):
        write_atomic(loop, "text\n")


@pytest.mark.parametrize("path", ["/proc/gouji-test-output", "/proc/self/status", "/proc/self/nosuch/dir/x.md"])
def test_paths_under_proc_are_clear_errors(path):
    with pytest.raises(OutputError, match=r"^cannot write "):
        write_atomic(path, "text\n")


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_read_only_folder_is_a_clear_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(OutputError, match="Permission denied"):
            write_atomic(folder / "out.md", "text\n")
        assert listing(folder) == []
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("where, error", [
    ("mkstemp", PermissionError(errno.EACCES, "Permission denied")),  # a read-only folder, even for root
    ("write", OSError(errno.ENOSPC, "No space left on device")),
    ("replace", OSError(errno.EXDEV, "Invalid cross-device link")),
])
def test_an_os_error_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch, where, error):
    path = tmp_path / "out.md"
    path.write_text("old\n", encoding="utf-8")

    def fail(*args, **kwargs):
        raise error
    if where == "mkstemp":
        monkeypatch.setattr(tempfile, "mkstemp", fail)
    elif where == "replace":
        monkeypatch.setattr(os, "replace", fail)
    else:
        real_fdopen = os.fdopen

        class FullDisk:
            def __init__(self, fd, *args, **kwargs):
                self.handle = real_fdopen(fd, *args, **kwargs)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

            def write(self, data):
                self.handle.write(data[:3])
                raise error
        monkeypatch.setattr(os, "fdopen", FullDisk)
    with pytest.raises(OutputError) as caught:
        write_atomic(path, "new\n")
    assert str(caught.value.message) == f"cannot write {path}: {error.strerror}"
    assert path.read_text(encoding="utf-8") == "old\n"
    assert listing(tmp_path) == ["out.md"]


# --- the commands that write -----------------------------------------------------------------------------

@pytest.fixture
def club(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "club.gouji").write_text(CLUB_RULES, encoding="utf-8")
    monkeypatch.chdir(folder)
    return folder


@pytest.mark.parametrize("argv, message", [
    (["doc", "club.gouji", "-o", ""], "the rulebook file (-o) is an empty path"),
    (["doc", "club.gouji", "-o", "sub"], "sub: is a folder, not a file"),
    (["doc", "club.gouji", "-o", "/proc/self/status"], "cannot write /proc/self/status: "),
    (["diff", "zaozhuang", "club.gouji", "--emit-cases", ""], "the case file (--emit-cases) is an empty path"),
    (["diff", "zaozhuang", "club.gouji", "--emit-cases", "sub"], "sub: is a folder, not a file"),
    (["diff", "zaozhuang", "club.gouji", "--emit-cases", "club.gouji/x.jsonl"], "cannot write club.gouji/x.jsonl: "),
    (["diff", "--matrix", "--emit-cases", ""], "the case file (--emit-cases) is an empty path"),
    (["build", "club.gouji", "-o", ""], "-o names an empty path"),
    (["build", "club.gouji", "-o", "club.gouji"], "-o club.gouji: not a folder"),
])
def test_commands_refuse_unwritable_outputs_with_exit_2(club, capsys, argv, message):
    (club / "sub").mkdir()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"gouji: error: {message}" in err
    assert "INTERNAL ERROR" not in err
    assert listing(club / "sub") == []
    assert listing(club) == ["club.gouji", "sub"]


def test_doc_writes_through_a_symlink_and_into_a_fifo(club, capsys):
    (club / "books").mkdir()
    (club / "books" / "club.md").write_text("old\n", encoding="utf-8")
    (club / "latest.md").symlink_to(club / "books" / "club.md")
    assert main(["doc", "club.gouji", "-o", "latest.md"]) == 0
    assert (club / "latest.md").is_symlink()
    book = (club / "books" / "club.md").read_text(encoding="utf-8")
    assert "Club" in book or "俱乐部" in book
    os.mkfifo(club / "pipe")
    received = []
    reader = threading.Thread(target=lambda: received.append((club / "pipe").read_text(encoding="utf-8")))
    reader.start()
    assert main(["doc", "club.gouji", "-o", "pipe"]) == 0
    reader.join(timeout=60)
    assert received == [book]
    assert stat.S_ISFIFO(os.stat(club / "pipe").st_mode)
    assert main(["doc", "club.gouji", "-o", "/dev/null"]) == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_fmt_rewrites_a_symlinked_rule_file_through_the_link(club, capsys):
    real = club / "rules"
    real.mkdir()
    (real / "messy.gouji").write_text("variant messy extends zaozhuang\n[flow]\nlead_return_circles=1\n",
                                      encoding="utf-8")
    (club / "messy.gouji").symlink_to(real / "messy.gouji")
    assert main(["fmt", "messy.gouji"]) == 0
    assert (club / "messy.gouji").is_symlink()
    assert "lead_return_circles = 1" in (real / "messy.gouji").read_text(encoding="utf-8")
    assert listing(real) == ["messy.gouji"]


def test_fmt_reports_a_file_it_cannot_rewrite_and_formats_the_rest(club, capsys, monkeypatch):
    for name in ("a", "b"):
        (club / f"{name}.gouji").write_text(f"variant {name} extends zaozhuang\n[flow]\nlead_return_circles=1\n",
                                            encoding="utf-8")
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*args, prefix="", **kwargs):
        if prefix.startswith(".a.gouji"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_mkstemp(*args, prefix=prefix, **kwargs)
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    assert main(["fmt", "a.gouji", "b.gouji"]) == 2
    captured = capsys.readouterr()
    assert "gouji: error: cannot write a.gouji: Permission denied" in captured.err
    assert "reformatted b.gouji" in captured.out
    assert "lead_return_circles=1" in (club / "a.gouji").read_text(encoding="utf-8")
    assert "lead_return_circles = 1" in (club / "b.gouji").read_text(encoding="utf-8")


# --- a user's variant never lands in the package's generated/ ---------------------------------------------

def test_build_never_writes_a_user_variant_into_the_package(club, capsys, monkeypatch):
    package = generated_dir()
    before = listing(package)
    assert main(["build", str(club / "club.gouji"), "-o", str(package)]) == 2
    assert "is not a standard variant: it is not built into the package's generated/" in capsys.readouterr().err
    monkeypatch.chdir(package)  # `gouji build club.gouji` from inside generated/ builds into the current folder
    assert main(["build", str(club / "club.gouji")]) == 2
    assert listing(package) == before


@pytest.mark.wide  # every standard book written, about 5.5 s: CI's wide run
def test_doc_all_writes_only_the_standard_rulebooks(club, capsys, monkeypatch, tmp_path):
    """A user's rule file on the search path is not written among the package's rulebooks."""
    package = tmp_path / "package"
    monkeypatch.setattr(rulebook, "generated_dir", lambda: package)
    assert main(["doc", "--all", "--path", str(club)]) == 0
    written = listing(package / "rulebooks")
    assert written and not any(name.startswith("club.") for name in written)
    assert all(name.split(".")[0] in ("zaozhuang", "zaozhuang-haixuan", "lianzhong", "lianzhong-bubiesan",
                                      "qingdao", "huangjindao", "zhoujxmt", "shuangkou", "shuangkou-baibian", "shuangkou-qianbian", "lamb-cn") for name in written)
