"""UCT (Monte Carlo tree search with random rollouts) against a random
player on the compiled Tic-Tac-Toe, seats alternating; runs in seconds.

    python python/examples/mcts_tic_tac_toe.py [GAMES] [ITERATIONS]
"""

import math
import random
import sys

import ludemic


class Node:
    __slots__ = ("parent", "action", "children", "untried", "visits", "value", "player", "to_move")

    def __init__(self, state, parent=None, action=None):
        self.parent = parent
        self.action = action
        self.children = []
        self.untried = state.legal_actions()
        self.visits = 0
        self.value = 0.0  # summed returns of the player who moved into this node
        self.player = parent.to_move if parent is not None else None
        self.to_move = state.current_player()



def uct(state, iterations, rng, c=1.4):
    root = Node(state)
    for _ in range(iterations):
        node, s = root, state.clone()
        # Selection.
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(
                node.children,
                key=lambda ch: ch.value / ch.visits + c * math.sqrt(log_n / ch.visits),
            )
            s.apply_action(node.action)
        # Expansion.
        if node.untried:
            a = node.untried.pop(rng.randrange(len(node.untried)))
            s.apply_action(a)
            child = Node(s, node, a)
            node.children.append(child)
            node = child
        # Rollout.
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        returns = s.returns()
        # Backpropagation.
        while node is not None:
            node.visits += 1
            if node.player is not None:
                node.value += returns[node.player]
            node = node.parent
    return max(root.children, key=lambda ch: ch.visits).action


def main(games=20, iterations=200):
    game = ludemic.load_game("tic-tac-toe")
    rng = random.Random(1)
    score = {"win": 0, "draw": 0, "loss": 0}
    for g in range(games):
        mcts_seat = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == mcts_seat:
                state.apply_action(uct(state, iterations, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        r = state.returns()[mcts_seat]
        score["win" if r > 0 else "loss" if r < 0 else "draw"] += 1
    print(f"{game.name} ({game.engine}): UCT({iterations}) vs random over {games} games: {score}")
    assert score["win"] > score["loss"], "UCT should beat a random player"
    return score


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
