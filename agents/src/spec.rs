//! Agents named on the command line: `random`, `uct:N`, `ab:D`, `hs:N`,
//! `hs-nostc:N`.

use std::fmt;
use std::str::FromStr;

use ludemic_runtime::{Evaluate, Game};

use crate::alphabeta::AlphaBeta;
use crate::hs::HeuristicSampling;
use crate::random::Random;
use crate::uct::Uct;
use crate::Agent;

/// An agent and its parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    Random,
    /// UCT with this many iterations per move.
    Uct(usize),
    /// Alpha-beta to this depth.
    AlphaBeta(u32),
    /// HS_{1/n} with same-turn continuation.
    Hs(usize),
    /// HS_{1/n} without same-turn continuation.
    HsNoStc(usize),
}

impl AgentSpec {
    /// Whether the agent evaluates states with heuristics.
    pub fn needs_heuristics(self) -> bool {
        matches!(
            self,
            AgentSpec::AlphaBeta(_) | AgentSpec::Hs(_) | AgentSpec::HsNoStc(_)
        )
    }

    /// The agent, seeded; `eval` must be given for the heuristic agents.
    pub fn build<'e, G: Game + 'e, E: Evaluate<G> + ?Sized>(
        self,
        eval: Option<&'e E>,
        seed: u64,
    ) -> Result<Box<dyn Agent<G> + 'e>, String> {
        let need = || eval.ok_or_else(|| format!("{self} needs a heuristic evaluation"));
        Ok(match self {
            AgentSpec::Random => Box::new(Random::<G::Move>::new(seed)),
            AgentSpec::Uct(n) => Box::new(Uct::<G>::new(n, seed)),
            AgentSpec::AlphaBeta(d) => Box::new(AlphaBeta::<G, E>::new(d, need()?, seed)),
            AgentSpec::Hs(n) => Box::new(HeuristicSampling::<G, E>::new(n, true, need()?, seed)),
            AgentSpec::HsNoStc(n) => {
                Box::new(HeuristicSampling::<G, E>::new(n, false, need()?, seed))
            }
        })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => write!(f, "random"),
            AgentSpec::Uct(n) => write!(f, "uct:{n}"),
            AgentSpec::AlphaBeta(d) => write!(f, "ab:{d}"),
            AgentSpec::Hs(n) => write!(f, "hs:{n}"),
            AgentSpec::HsNoStc(n) => write!(f, "hs-nostc:{n}"),
        }
    }
}

impl FromStr for AgentSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        let number =
            |default: Option<usize>| -> Result<usize, String> {
                match arg {
                    Some(a) => a.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
                        format!("`{s}`: expected a positive number after `{name}:`")
                    }),
                    None => default.ok_or_else(|| format!("`{s}`: give `{name}:N`")),
                }
            };
        match name {
            "random" if arg.is_none() => Ok(AgentSpec::Random),
            "uct" => Ok(AgentSpec::Uct(number(Some(1000))?)),
            "ab" => Ok(AgentSpec::AlphaBeta(number(None)? as u32)),
            "hs" => Ok(AgentSpec::Hs(number(None)?)),
            "hs-nostc" => Ok(AgentSpec::HsNoStc(number(None)?)),
            _ => Err(format!(
                "unknown agent `{s}`: expected random, uct:N, ab:D, hs:N or hs-nostc:N"
            )),
        }
    }
}
