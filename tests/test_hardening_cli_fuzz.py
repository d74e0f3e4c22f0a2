"""The command line given junk, drawn by hypothesis: every command with junk arguments and a
junk file exits with a code (non-zero on an error) and at most a short message, never a Python
traceback or a raw exception escaping ``main`` (the guide's Standards)."""
from __future__ import annotations

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from talisman.cli import main

COMMANDS = [["check"], ["replay"], ["show", "--svg", "out.svg"], ["odds", "--until", "game_over"]]
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)
CONTENT = st.one_of(TEXT, st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
                    st.sampled_from(["{}", "[]", "rules: x\nexpect: y\n", '{"characters": 3}',
                                     "characters: [warrior]\nactions: [fight]\n", "- - -\n"]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cmd=st.sampled_from(COMMANDS), content=CONTENT, extra=st.lists(TEXT, max_size=2))
def test_a_command_given_a_junk_file_fails_in_a_line_without_a_traceback(tmp_path, cmd, content, extra):
    f = tmp_path / "junk.yaml"
    f.write_text(content, encoding="utf-8")
    name, *rest = cmd
    r = CliRunner().invoke(main, [name, str(f), *rest, *extra], catch_exceptions=True)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output
    if r.exit_code != 0:
        assert len(r.output.strip().split("\n")) <= 4, r.output  # a usage line and the error at most
