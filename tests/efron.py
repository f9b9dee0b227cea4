"""Efron's four nontransitive dice, as the tests choose them: the setup's hint
(``model/ruletable.EFRON``) read as the setup reads it, so that no test spells the faces out."""

from chutes_tui.model.ruletable import DICE_CHOICE, EFRON

EFRON_TEXT = EFRON  # as typed after --dice-choice
EFRON_DICE = DICE_CHOICE.kind.parse(EFRON, "dice")  # ((4, 4, 4, 4, 0, 0), (3,) * 6, ...)
