//! `game-teams` by the value of the game cut off after `h` moves, for growing `h` (see
//! `brute::game_draw` for why this reaches the true value and stops): every position is updated
//! by the choice its own player likes best, by that player's own order (a normal player: his
//! team wins > draw > it loses; an actor: his team loses > draw > it wins). No attractor, no
//! maximiser / minimiser reduction.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    AWins,
    BWins,
    Draw,
}

struct Player {
    team_b: bool,
    actor: bool,
}

impl Player {
    fn taste(&self, o: Outcome) -> u8 {
        let own_wins = match o {
            Outcome::Draw => return 1,
            Outcome::AWins => !self.team_b,
            Outcome::BWins => self.team_b,
        };
        if own_wins != self.actor { 2 } else { 0 }
    }

    fn stuck(&self) -> Outcome {
        if self.team_b { Outcome::AWins } else { Outcome::BWins }
    }
}

fn solve(n: usize, arcs: &[(usize, usize)], players: &[Player]) -> Vec<Outcome> {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in arcs {
        next[a].push(b);
    }
    let k = players.len();
    // value[v * k + t]: the token at v, player t to move.
    let mut value = vec![Outcome::Draw; n * k];
    for step in 0.. {
        assert!(step <= n * k + 1, "brute game-teams: the cut-off values do not settle");
        let mut new = value.clone();
        for v in 0..n {
            for (t, player) in players.iter().enumerate() {
                new[v * k + t] = if next[v].is_empty() {
                    player.stuck()
                } else {
                    next[v]
                        .iter()
                        .map(|&w| value[w * k + (t + 1) % k])
                        .max_by_key(|&o| player.taste(o))
                        .expect("a move")
                };
            }
        }
        if new == value {
            break;
        }
        value = new;
    }
    (0..n).map(|v| value[v * k]).collect()
}

fn number<'a>(words: &mut impl Iterator<Item = &'a str>) -> usize {
    words.next().expect("a token").parse().expect("a number")
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(input).expect("brute: input is not UTF-8");
    let mut words = text.trim_start_matches('\u{feff}').split_ascii_whitespace();
    let tests = number(&mut words);
    let mut out = Vec::new();
    for _ in 0..tests {
        let n = number(&mut words);
        let m = number(&mut words);
        if n > 60 || m > 400 {
            return None;
        }
        let arcs: Vec<(usize, usize)> =
            (0..m).map(|_| (number(&mut words) - 1, number(&mut words) - 1)).collect();
        let teams = words.next().expect("teams").as_bytes();
        let actors = words.next().expect("actors").as_bytes();
        let players: Vec<Player> =
            (0..6).map(|t| Player { team_b: teams[t] == b'B', actor: actors[t] == b'1' }).collect();
        for o in solve(n, &arcs, &players) {
            out.push(match o {
                Outcome::AWins => b'A',
                Outcome::BWins => b'B',
                Outcome::Draw => b'D',
            });
        }
        out.push(b'\n');
    }
    Some(out)
}
