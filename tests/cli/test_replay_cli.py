"""chutes-tui replay: a save played again from its seed, said in one line; bad saves refused."""

import dataclasses
import json
import os

from chutes_tui.cli import main
from chutes_tui.engine.game import Game
from chutes_tui.io.saves import write_save
from chutes_tui.model.players import default_players


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def saved_game(standard, tmp_path, seed=7):
    game = Game.new(standard, default_players(2), seed=seed)
    game.play_out()
    path = tmp_path / "game.json"
    game.save(path)
    return game, path


def test_a_real_save_replays_exactly(capsys, standard, tmp_path):
    game, path = saved_game(standard, tmp_path)
    code, out, err = run(capsys, "replay", str(path), "--check")
    assert (code, err) == (0, "")
    assert out == f"replayed {len(game.history)} turns; matches the save\n"


def test_a_save_its_seed_never_rolled_is_one_line_and_status_1(capsys, standard, tmp_path):
    game, path = saved_game(standard, tmp_path)
    # The same rolls claimed for another seed: a consistent save, but not that seed's game.
    other = dataclasses.replace(game.saved(), seed=8)
    write_save(path, other)
    code, out, err = run(capsys, "replay", str(path), "--check")
    assert code == 1 and out == "" and err.count("\n") == 1
    words = "replayed 0 turns; does not match the save: turn 1: seed 8"
    assert err.startswith(f"chutes-tui replay: {path}: {words}")


def test_unusable_saves_are_one_line_and_status_2(capsys, standard, tmp_path):
    _, path = saved_game(standard, tmp_path)
    data = json.loads(path.read_text())
    data["rolls"][3] = [data["rolls"][3][0] % 6 + 1]  # positions no longer follow
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "junk.json").write_text("{not json")
    for name, words in [
        ("missing.json", "no such file"),
        ("fifo", "FIFO"),
        ("junk.json", "not valid JSON"),
        ("broken.json", "do not lead to the saved positions"),
    ]:
        code, out, err = run(capsys, "replay", str(tmp_path / name), "--check")
        assert code == 2 and out == "" and err.count("\n") == 1, name
        assert err.startswith("chutes-tui replay: ") and words in err and "Traceback" not in err, err
