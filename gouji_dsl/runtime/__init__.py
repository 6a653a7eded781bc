"""What generated engine modules import (standard library only).

cards    card notation, the Classified record, game results, tribute sums
actions  Action, action strings and the validation of actions from outside
state    Rules (a variant's settings and card functions), Match, Phase, State (one game's data)
setup    the deal, tribute and its return, buying 3s, 宣点 and 革命
flow     Game: legal actions and what each action does
game     the API: new_game, replay, new_position, and the names above re-exported
"""
