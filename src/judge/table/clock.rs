//! The clock of one answer ([`Clock`]): what it is charged (the CPU time it used, where the
//! launch counts it, else the wall time), when it has run out, and how a forfeit says so.

use std::time::{Duration, Instant};

/// The wall-clock guard of an answer charged by CPU time: a bot that waits (sleeps, reads
/// nothing, is starved) uses no CPU, so the wall clock must still end its turn. Three times
/// the limit and 100 ms more leave a bot that computes for its whole limit room for a machine
/// slowed down threefold by other work, and a short limit room for a scheduler's delays.
pub fn wall_guard(limit: Duration) -> Duration {
    limit * 3 + Duration::from_millis(100)
}

/// The clock of one answer (or of one process run, one process per move): from `since` the
/// bot may use `limit`. Where its launch counts CPU time (`cpu_since`, the bot's CPU time when
/// the clock started: the sandbox's cgroup), the answer is charged the CPU time it used, so
/// what else runs on the machine does not change it, and the wall clock only guards
/// ([`wall_guard`]); elsewhere (no cgroup, a person's seat, real-time games) it is charged
/// the wall time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub since: Instant,
    pub limit: Duration,
    pub cpu_since: Option<Duration>,
}

/// How an answer went over its clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overrun {
    /// Charged by wall time: the limit passed.
    Wall,
    /// Charged by CPU time: it used this much, more than the limit.
    Cpu(Duration),
    /// Charged by CPU time (this much so far, within the limit), but the wall-clock guard passed.
    Guard(Duration),
}

impl Clock {
    /// The wall-clock time after which the answer is late, whatever it used.
    pub fn wall_deadline(&self) -> Instant {
        match self.cpu_since {
            Some(_) => self.since + wall_guard(self.limit),
            None => self.since + self.limit,
        }
    }

    /// The CPU time used since the clock started, given the bot's CPU time now (`cpu_now`); a
    /// process that stopped counting (None) is charged the wall time to `at`.
    fn cpu_used(&self, cpu_now: Option<Duration>, at: Instant) -> Option<Duration> {
        let since = self.cpu_since?;
        Some(
            cpu_now.map_or_else(|| at.saturating_duration_since(self.since), |now| now.saturating_sub(since)),
        )
    }

    /// What an answer seen at `at` is charged: the CPU time used by then (`cpu_now`, read as it
    /// is seen), or the wall time.
    pub fn charged(&self, cpu_now: Option<Duration>, at: Instant) -> Duration {
        self.cpu_used(cpu_now, at).unwrap_or_else(|| at.saturating_duration_since(self.since))
    }

    /// Whether the clock has run out by `at` (the bot's CPU time then being `cpu_now`).
    pub fn overrun(&self, cpu_now: Option<Duration>, at: Instant) -> Option<Overrun> {
        match self.cpu_used(cpu_now, at) {
            None => (self.wall_deadline() <= at).then_some(Overrun::Wall),
            Some(used) if used > self.limit => Some(Overrun::Cpu(used)),
            Some(used) => (self.wall_deadline() <= at).then_some(Overrun::Guard(used)),
        }
    }

    /// When to look at the clock again, at `now`: its wall deadline, or (charged by CPU time)
    /// as soon as the bot could have used what is left of its limit, computing without a pause
    /// (a bot of several threads can use it faster: its answer is charged all the same).
    pub fn next_look(&self, cpu_now: Option<Duration>, now: Instant) -> Instant {
        let guard = self.wall_deadline();
        match self.cpu_used(cpu_now, now) {
            None => guard,
            Some(used) => guard.min(now + self.limit.saturating_sub(used).max(Duration::from_millis(1))),
        }
    }

    /// A forfeit's detail for an overrun; `bank`: the bank when the limit is what is left of it.
    pub fn describe(&self, overrun: Overrun, expect: &str, bank: Option<Duration>) -> String {
        let limit = self.limit.as_millis();
        let within = match bank {
            Some(bank) => format!("the {limit} ms left of the {} ms bank", bank.as_millis()),
            None => format!("{limit} ms"),
        };
        match overrun {
            Overrun::Wall => format!("no {expect} within {within}"),
            Overrun::Cpu(used) => format!("used {} ms of CPU time, more than {within}", used.as_millis()),
            Overrun::Guard(used) => format!(
                "no {expect} within {} ms of wall-clock time (the guard: 3 × {limit} ms + 100 ms), \
                 having used {} ms of CPU time",
                wall_guard(self.limit).as_millis(),
                used.as_millis()
            ),
        }
    }
}

/// A forfeit's detail for an answer charged `took`, over its clock's limit; `bank`: the bank,
/// when the limit was what is left of it.
pub fn over_detail(clock: &Clock, took: Duration, bank: Option<Duration>) -> String {
    let limit = clock.limit.as_millis();
    let took = match clock.cpu_since {
        Some(_) => format!("used {} ms of CPU time", took.as_millis()),
        None => format!("took {} ms", took.as_millis()),
    };
    match bank {
        Some(bank) => format!("{took} with {limit} ms left of the {} ms bank", bank.as_millis()),
        None => format!("{took}, limit {limit} ms"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn an_answer_charged_by_cpu_time_is_charged_what_it_used_however_long_it_waited() {
        let t0 = Instant::now();
        let clock = Clock { since: t0, limit: MS(100), cpu_since: Some(MS(40)) };
        // Slept 150 ms of wall time (within the guard of 400 ms), used 5 ms of CPU.
        let at = t0 + MS(150);
        assert_eq!(clock.charged(Some(MS(45)), at), MS(5));
        assert_eq!(clock.overrun(Some(MS(45)), at), None);
        assert_eq!(wall_guard(MS(100)), MS(400));
        assert_eq!(clock.wall_deadline(), t0 + MS(400));
        // Used more CPU than the limit, however quickly: over.
        assert_eq!(clock.overrun(Some(MS(141)), t0 + MS(101)), Some(Overrun::Cpu(MS(101))));
        // Used little, but waited past the guard: over too.
        assert_eq!(clock.overrun(Some(MS(41)), t0 + MS(400)), Some(Overrun::Guard(MS(1))));
        // Looked at again when the rest of the limit could be used up, not later.
        assert_eq!(clock.next_look(Some(MS(70)), t0 + MS(10)), t0 + MS(80));
        assert_eq!(clock.next_look(Some(MS(41)), t0 + MS(390)), t0 + MS(400));
    }

    #[test]
    fn an_answer_without_cpu_accounting_is_charged_the_wall_time() {
        let t0 = Instant::now();
        let clock = Clock { since: t0, limit: MS(100), cpu_since: None };
        assert_eq!(clock.charged(None, t0 + MS(60)), MS(60));
        assert_eq!(clock.wall_deadline(), t0 + MS(100));
        assert_eq!(clock.overrun(None, t0 + MS(99)), None);
        assert_eq!(clock.overrun(None, t0 + MS(100)), Some(Overrun::Wall));
        assert_eq!(clock.next_look(None, t0), t0 + MS(100));
        assert_eq!(over_detail(&clock, MS(150), None), "took 150 ms, limit 100 ms");
    }

    #[test]
    fn overrun_details_say_what_was_charged() {
        let t0 = Instant::now();
        let cpu = Clock { since: t0, limit: MS(100), cpu_since: Some(Duration::ZERO) };
        assert_eq!(over_detail(&cpu, MS(150), None), "used 150 ms of CPU time, limit 100 ms");
        assert_eq!(
            cpu.describe(Overrun::Cpu(MS(120)), "move", Some(MS(1000))),
            "used 120 ms of CPU time, more than the 100 ms left of the 1000 ms bank"
        );
        let guard = cpu.describe(Overrun::Guard(MS(3)), "move", None);
        assert!(guard.starts_with("no move within 400 ms of wall-clock time"), "{guard}");
        let wall = Clock { cpu_since: None, ..cpu };
        assert_eq!(wall.describe(Overrun::Wall, "OK", None), "no OK within 100 ms");
    }
}
