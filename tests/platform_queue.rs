//! The job queue shared by compiles, validity runs and games (`db::queue`): claims under a lease
//! with `FOR UPDATE SKIP LOCKED`, take-over after a lease runs out, the attempts cap, release,
//! and results stored exactly once.

mod common;

use botarena::db::ids::{ContestId, SubmissionId, UserId};
use botarena::db::queue::{self, Claimed, JobKind};
use botarena::db::submissions;
use botarena::db::users::Role;
use common::*;
use std::collections::HashSet;

/// A connect4 contest `c4` with these settings; its id.
async fn contest_c4(app: &TestApp, settings: &[&str]) -> ContestId {
    app.contest("c4", settings).await;
    sqlx::query_scalar("select id from contests where slug = 'c4'").fetch_one(&app.pool).await.unwrap()
}

/// `n` submissions to a fresh contest, each with its queued compile job; their ids, oldest first.
async fn queued_compiles(app: &TestApp, n: usize) -> Vec<SubmissionId> {
    let contest = contest_c4(app, &["submit_interval_s=0"]).await;
    let user = app.user("ada", Role::Student).await;
    let mut conn = app.pool.acquire().await.unwrap();
    let mut ids = Vec::new();
    for i in 0..n {
        let source = format!("int main(void){{return {i};}}");
        ids.push(submissions::create(&mut conn, contest, user, "c", source.as_bytes()).await.unwrap());
    }
    ids
}

async fn expire_leases(app: &TestApp) {
    sqlx::query("update jobs set lease_until = now() - interval '1 second' where locked_by is not null")
        .execute(&app.pool)
        .await
        .unwrap();
}

async fn claim(app: &TestApp, worker: &str, max_attempts: i32) -> Option<Claimed> {
    let mut conn = app.pool.acquire().await.unwrap();
    queue::claim(&mut conn, JobKind::Compile, worker, 60.0, max_attempts).await.unwrap()
}

#[tokio::test]
async fn jobs_are_claimed_oldest_first_and_only_by_their_kind() {
    let app = setup().await;
    let ids = queued_compiles(&app, 3).await;
    let mut conn = app.pool.acquire().await.unwrap();
    assert_eq!(queue::claim(&mut conn, JobKind::Game, "w", 60.0, 3).await.unwrap(), None);
    assert_eq!(queue::claim(&mut conn, JobKind::Validity, "w", 60.0, 3).await.unwrap(), None);
    for id in ids {
        assert_eq!(claim(&app, "w", 3).await, Some(Claimed { subject: id.0, attempts: 1 }));
    }
    assert_eq!(claim(&app, "w", 3).await, None, "every job is held");
}

#[tokio::test]
async fn two_workers_claiming_at_once_never_take_the_same_job() {
    let app = setup().await;
    let ids = queued_compiles(&app, 24).await;
    let mut tasks = tokio::task::JoinSet::new();
    for w in 0..6 {
        let pool = app.pool.clone();
        tasks.spawn(async move {
            let mut mine = Vec::new();
            loop {
                let mut conn = pool.acquire().await.unwrap();
                let worker = format!("w{w}");
                match queue::claim(&mut conn, JobKind::Compile, &worker, 60.0, 3).await.unwrap() {
                    Some(c) => mine.push(c.subject),
                    None => break mine,
                }
            }
        });
    }
    let mut claimed = Vec::new();
    while let Some(mine) = tasks.join_next().await {
        claimed.extend(mine.unwrap());
    }
    let distinct: HashSet<i64> = claimed.iter().copied().collect();
    assert_eq!(claimed.len(), ids.len(), "each job claimed exactly once: {claimed:?}");
    assert_eq!(distinct, ids.into_iter().map(|i| i.0).collect());
}

#[tokio::test]
async fn a_job_whose_lease_ran_out_is_claimed_again_and_its_first_worker_can_no_longer_store_it() {
    let app = setup().await;
    let [id] = queued_compiles(&app, 1).await[..] else { unreachable!() };
    let mut conn = app.pool.acquire().await.unwrap();
    assert_eq!(claim(&app, "dead", 3).await, Some(Claimed { subject: id.0, attempts: 1 }));
    assert!(queue::extend_lease(&mut conn, JobKind::Compile, id, "dead", 60.0).await.unwrap());
    assert_eq!(claim(&app, "alive", 3).await, None, "leased");
    expire_leases(&app).await;
    assert_eq!(claim(&app, "alive", 3).await, Some(Claimed { subject: id.0, attempts: 2 }));
    // The first worker's heartbeat and result find the job taken over.
    assert!(!queue::extend_lease(&mut conn, JobKind::Compile, id, "dead", 60.0).await.unwrap());
    assert!(!queue::finish(&mut conn, JobKind::Compile, id, "dead").await.unwrap());
    assert!(queue::finish(&mut conn, JobKind::Compile, id, "alive").await.unwrap());
    assert!(!queue::finish(&mut conn, JobKind::Compile, id, "alive").await.unwrap(), "stored once");
    let job = queue::job(&mut conn, JobKind::Compile, id).await.unwrap().unwrap();
    assert_eq!((job.attempts, job.locked_by, job.lease_until), (2, None, None));
    assert!(job.finished_at.is_some());
    assert_eq!(claim(&app, "alive", 3).await, None, "a finished job leaves the queue");
}

#[tokio::test]
async fn a_released_job_goes_back_to_the_queue_with_its_attempt_counted() {
    let app = setup().await;
    let [id] = queued_compiles(&app, 1).await[..] else { unreachable!() };
    let mut conn = app.pool.acquire().await.unwrap();
    claim(&app, "w1", 3).await.unwrap();
    assert!(!queue::release(&mut conn, JobKind::Compile, id, "w2").await.unwrap(), "not w2's");
    assert!(queue::release(&mut conn, JobKind::Compile, id, "w1").await.unwrap());
    assert_eq!(claim(&app, "w2", 3).await, Some(Claimed { subject: id.0, attempts: 2 }));
}

#[tokio::test]
async fn a_job_that_used_up_its_attempts_is_given_up_once_nobody_holds_it() {
    let app = setup().await;
    let [id, other] = queued_compiles(&app, 2).await[..] else { unreachable!() };
    let mut conn = app.pool.acquire().await.unwrap();
    for n in 1..=3 {
        assert_eq!(claim(&app, &format!("dying-{n}"), 3).await, Some(Claimed { subject: id.0, attempts: n }));
        if n < 3 {
            expire_leases(&app).await;
        }
    }
    // Still leased by its last worker: not given up yet.
    assert_eq!(queue::fail_exhausted(&mut conn, JobKind::Compile, 3).await.unwrap(), vec![]);
    expire_leases(&app).await;
    // The cap reached, the next claim takes the other job; the sweep gives the first one up.
    assert_eq!(claim(&app, "alive", 3).await, Some(Claimed { subject: other.0, attempts: 1 }));
    assert_eq!(
        queue::fail_exhausted(&mut conn, JobKind::Compile, 3).await.unwrap(),
        vec![Claimed { subject: id.0, attempts: 3 }]
    );
    assert_eq!(queue::fail_exhausted(&mut conn, JobKind::Compile, 3).await.unwrap(), vec![], "once");
    expire_leases(&app).await;
    assert_eq!(claim(&app, "alive", 3).await, Some(Claimed { subject: other.0, attempts: 2 }));
    assert_eq!(claim(&app, "alive", 3).await, None);
}

#[tokio::test]
async fn the_compile_queue_gives_up_a_submission_as_a_compile_error_and_disqualifying_drops_its_job() {
    let app = setup().await;
    let [id, dq] = queued_compiles(&app, 2).await[..] else { unreachable!() };
    let mut conn = app.pool.acquire().await.unwrap();
    let job = queue::claim_next::<submissions::CompileJob>(&mut conn, "w", 60.0, 1).await.unwrap().unwrap();
    assert_eq!((job.id, job.attempts), (id, 1));
    let status: String = sqlx::query_scalar("select status::text from submissions where id = $1")
        .bind(id)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(status, "compiling");
    expire_leases(&app).await;
    assert_eq!(submissions::fail_exhausted(&mut conn, 1).await.unwrap(), 1);
    let s = submissions::by_id(&mut conn, id).await.unwrap().unwrap();
    assert_eq!(s.status, submissions::Status::CompileError);
    assert!(s.compile_log.contains("1 times"), "{}", s.compile_log);

    // A disqualified submission's job leaves the queue, even while a worker holds it.
    let job = queue::claim_next::<submissions::CompileJob>(&mut conn, "w", 60.0, 3).await.unwrap().unwrap();
    assert_eq!(job.id, dq);
    submissions::disqualify(&mut conn, dq).await.unwrap().unwrap();
    assert!(!submissions::finish_compile(&mut conn, dq, "w", true, "late", Some(b"tar")).await.unwrap());
    let s = submissions::by_id(&mut conn, dq).await.unwrap().unwrap();
    assert_eq!(s.status, submissions::Status::Disqualified);
    assert!(queue::claim_next::<submissions::CompileJob>(&mut conn, "w", 60.0, 3).await.unwrap().is_none());
}

/// A ready, scheduled submission of `user` that arrived `minutes_ago`; its id.
async fn arrived(app: &TestApp, contest: ContestId, user: UserId, minutes_ago: i32) -> SubmissionId {
    let mut tx = app.pool.begin().await.unwrap();
    let id: SubmissionId = sqlx::query_scalar(
        "insert into submissions (contest_id, user_id, language, source, status, created_at)
         values ($1, $2, 'python', 'print(1)', 'compiling', now() - make_interval(mins => $3)) returning id",
    )
    .bind(contest)
    .bind(user)
    .bind(minutes_ago)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    submissions::mark_ready(&mut tx, id).await.unwrap();
    botarena::service::scheduler::on_compiled(&mut tx, id).await.unwrap();
    tx.commit().await.unwrap();
    id
}

#[tokio::test]
async fn games_are_played_round_by_round_every_submissions_first_match_first_then_by_arrival() {
    let app = setup().await;
    let contest = contest_c4(&app, &[]).await;
    let mut users = Vec::new();
    for name in ["u1", "u2", "x", "y"] {
        users.push(app.user(name, Role::Student).await);
    }
    let _u1 = arrived(&app, contest, users[0], 30).await;
    let u2 = arrived(&app, contest, users[1], 20).await;
    // y arrived after x but is ready (and scheduled) first: a slower compile of x.
    let y = arrived(&app, contest, users[3], 5).await;
    let x = arrived(&app, contest, users[2], 10).await;
    let mut conn = app.pool.acquire().await.unwrap();
    let next = || async {
        let mut conn = app.pool.acquire().await.unwrap();
        let (job, _) = botarena::db::games::claim(&mut conn, "w", 60.0, 1, &[]).await.unwrap().pop()?;
        let game = botarena::db::games::game(&mut conn, job.id).await.unwrap().unwrap();
        Some(game.submission_a)
    };
    // Every submission's first match (u2's, y's and x's, against u1) before anyone's second; the
    // earliest arrival first among them.
    assert_eq!([next().await, next().await], [Some(u2), Some(u2)], "u2's match with u1 first");
    // u1 resubmits: its games not played yet are cancelled (x's and y's first matches, against
    // it); its own first match comes before everyone's second, its others in their rounds.
    let u1 = arrived(&app, contest, users[0], 0).await;
    let mut order = Vec::new();
    while let Some(a) = next().await {
        order.push(a);
    }
    // Round 0: u1 against u2. Round 1: x against u2 (x arrived before y), y against u2, u1
    // against x. Round 2: x against y, u1 against y.
    let expected: Vec<SubmissionId> =
        [[u1; 2].as_slice(), &[x; 2], &[y; 2], &[u1; 2], &[x; 2], &[u1; 2]].concat();
    assert_eq!(order, expected);
    let cancelled: i64 = sqlx::query_scalar("select count(*) from games where status = 'cancelled'")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(cancelled, 4, "u1's games against x and y");
}

#[tokio::test]
async fn a_claim_takes_a_game_with_its_match_and_sides_and_skips_a_job_whose_game_was_cancelled() {
    use botarena::db::games;
    use botarena::db::ids::MatchId;
    let app = setup().await;
    let contest = contest_c4(&app, &["games=2"]).await;
    let ada = arrived(&app, contest, app.user("ada", Role::Student).await, 10).await;
    let bob = arrived(&app, contest, app.user("bob", Role::Student).await, 5).await;
    let mut conn = app.pool.acquire().await.unwrap();
    // The first game of the queue's order is cancelled while its job is still pending (its match
    // was cancelled while a worker held it, and that worker died).
    let (first, match_id): (i64, i64) = sqlx::query_as(
        "select g.id, g.match_id from games g join jobs j on j.game_id = g.id
         order by j.priority desc, j.seq, j.arrived_at, j.id limit 1",
    )
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    sqlx::query("update games set status = 'cancelled' where id = $1")
        .bind(first)
        .execute(&mut *conn)
        .await
        .unwrap();

    let (job, setup) =
        games::claim(&mut conn, "w", 60.0, 1, &[]).await.unwrap().pop().expect("the match's other game");
    assert_ne!(i64::from(job.id), first);
    assert_eq!((job.match_id, job.attempts, job.charge), (MatchId(match_id), 1, true));
    let left: bool = sqlx::query_scalar("select finished_at is not null from jobs where game_id = $1")
        .bind(first)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert!(left, "the cancelled game's job left the queue on the way");

    // What the game is played with, as the match has it; the game and its match are running, its
    // job leased to the worker, and the contest charged its estimate in the fair share.
    let (a, b, seed): (SubmissionId, SubmissionId, i64) =
        sqlx::query_as("select submission_a, submission_b, seed from matches where id = $1")
            .bind(match_id)
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    assert_eq!((setup.contest_id, setup.seed, setup.requested_by), (contest, seed, None));
    assert_eq!(setup.sides.each_ref().map(|s| s.submission_id), [a, b]);
    assert_eq!(HashSet::from([a, b]), HashSet::from([ada, bob]));
    assert!(setup.sides.iter().all(|s| s.house_level.is_none() && s.language == "python"));
    let state: (String, String, Option<String>, f64) = sqlx::query_as(
        "select g.status::text, m.status::text, j.locked_by, u.vtime
         from games g join matches m on m.id = g.match_id join jobs j on j.game_id = g.id
              join contest_slot_usage u on u.contest_id = m.contest_id
         where g.id = $1",
    )
    .bind(i64::from(job.id))
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    assert_eq!((state.0.as_str(), state.1.as_str(), state.2.as_deref()), ("running", "running", Some("w")));
    assert!(state.3 > 0.0, "charged: {}", state.3);
    assert!(games::claim(&mut conn, "w", 60.0, 1, &[]).await.unwrap().is_empty(), "nothing else is queued");
}

/// A contest that had no game queued joins the game slots' fair share at the lowest slot time of
/// the contests that have some (never lower than its own): an idle spell earns it no head start.
/// A contest with games queued keeps its own time; a contest's first games start it there.
#[tokio::test]
async fn a_contest_joins_the_fair_share_at_the_busy_contests_slot_time() {
    let app = setup().await;
    app.contest("busy", &[]).await;
    app.contest("idle", &[]).await;
    app.contest("new", &[]).await;
    let id = |slug: &'static str| {
        let pool = app.pool.clone();
        async move {
            let id: ContestId = sqlx::query_scalar("select id from contests where slug = $1")
                .bind(slug)
                .fetch_one(&pool)
                .await
                .unwrap();
            id
        }
    };
    let (busy, idle, new) = (id("busy").await, id("idle").await, id("new").await);
    let vtime = |contest: ContestId| {
        let pool = app.pool.clone();
        async move {
            let v: Option<f64> =
                sqlx::query_scalar("select vtime from contest_slot_usage where contest_id = $1")
                    .bind(contest)
                    .fetch_optional(&pool)
                    .await
                    .unwrap();
            v
        }
    };
    let set_vtime = |contest: ContestId, v: f64| {
        let pool = app.pool.clone();
        async move {
            sqlx::query("update contest_slot_usage set vtime = $2 where contest_id = $1")
                .bind(contest)
                .bind(v)
                .execute(&pool)
                .await
                .unwrap();
        }
    };
    let mut users = Vec::new();
    for name in ["u1", "u2", "u3", "u4", "u5", "u6"] {
        users.push(app.user(name, Role::Student).await);
    }
    // Two entrants of `busy`: their match's games are queued.
    arrived(&app, busy, users[0], 10).await;
    arrived(&app, busy, users[1], 9).await;
    set_vtime(busy, 500.0).await;
    // A lone entrant of `idle`: nothing queued there; its time from long ago.
    arrived(&app, idle, users[2], 8).await;
    set_vtime(idle, 100.0).await;

    arrived(&app, idle, users[3], 7).await;
    assert_eq!(vtime(idle).await, Some(500.0), "moved up to the busy contest's time");
    // Now with games queued, it keeps its own time as more arrive.
    set_vtime(idle, 50.0).await;
    arrived(&app, idle, users[4], 6).await;
    assert_eq!(vtime(idle).await, Some(50.0), "a contest with games queued keeps its time");
    // A contest's first entrant starts it at the lowest time of those with games queued.
    arrived(&app, new, users[5], 5).await;
    assert_eq!(vtime(new).await, Some(50.0), "the lowest of 500 and 50");
    assert_eq!(vtime(busy).await, Some(500.0), "the others untouched");
}

#[tokio::test]
async fn game_slots_claiming_batches_at_once_never_take_the_same_game() {
    let app = setup().await;
    let contest = contest_c4(&app, &["games=2"]).await;
    for (i, name) in ["ada", "bob", "cyd", "dan", "eve"].into_iter().enumerate() {
        arrived(&app, contest, app.user(name, Role::Student).await, 10 - i as i32).await;
    }
    let games: Vec<i64> = sqlx::query_scalar("select id from games").fetch_all(&app.pool).await.unwrap();
    assert_eq!(games.len(), 20, "ten matches of two games");
    let mut tasks = tokio::task::JoinSet::new();
    for w in 0..6 {
        let pool = app.pool.clone();
        tasks.spawn(async move {
            let mut mine = Vec::new();
            let mut conn = pool.acquire().await.unwrap();
            let (worker, up_to) = (format!("w{w}"), w % 3 + 1);
            // Batches of one to three games, as slots after games of different lengths claim.
            loop {
                let batch = botarena::db::games::claim(&mut conn, &worker, 60.0, up_to, &[]).await.unwrap();
                if batch.is_empty() {
                    break mine;
                }
                assert!(batch.len() <= up_to, "{} games claimed, at most {up_to} asked for", batch.len());
                for (job, setup) in batch {
                    assert_eq!(setup.contest_id, contest);
                    mine.push(i64::from(job.id));
                }
            }
        });
    }
    let mut claimed = Vec::new();
    while let Some(mine) = tasks.join_next().await {
        claimed.extend(mine.unwrap());
    }
    let distinct: HashSet<i64> = claimed.iter().copied().collect();
    assert_eq!(claimed.len(), games.len(), "each game claimed exactly once: {claimed:?}");
    assert_eq!(distinct, games.into_iter().collect());
}

#[tokio::test]
async fn a_batch_claim_takes_the_next_games_in_order_with_each_build_once_and_none_the_worker_kept() {
    use botarena::db::games;
    let app = setup().await;
    let contest = contest_c4(&app, &["games=2"]).await;
    let mut subs = Vec::new();
    for (i, name) in ["ada", "bob", "cyd"].into_iter().enumerate() {
        subs.push(arrived(&app, contest, app.user(name, Role::Student).await, 10 - i as i32).await);
    }
    sqlx::query("update submissions set artifact = convert_to('build ' || id, 'UTF8'), compiled_at = now()")
        .execute(&app.pool)
        .await
        .unwrap();
    let order: Vec<i64> = sqlx::query_scalar(
        "select subject_id from jobs where kind = 'game' order by priority desc, seq, arrived_at, id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(order.len(), 6, "three matches of two games");
    let mut conn = app.pool.acquire().await.unwrap();
    let built = |id: SubmissionId| {
        sqlx::query_scalar::<_, time::OffsetDateTime>("select compiled_at from submissions where id = $1")
            .bind(id)
    };
    let ada_built = built(subs[0]).fetch_one(&mut *conn).await.unwrap();

    // The worker still has ada's build unpacked; an older build of bob's is not his current one.
    let kept = [(subs[0], ada_built), (subs[1], ada_built - time::Duration::hours(1))];
    let batch = games::claim(&mut conn, "w", 60.0, 4, &kept).await.unwrap();
    let ids: Vec<i64> = batch.iter().map(|(job, _)| i64::from(job.id)).collect();
    assert_eq!(ids, order[..4], "the first four games of the queue, in its order");
    // Every other build comes once, with the first game it plays in the batch.
    let mut read = Vec::new();
    for side in batch.iter().flat_map(|(_, setup)| &setup.sides) {
        match &side.artifact {
            Some(build) => {
                assert_ne!(side.submission_id, subs[0], "ada's build is the worker's already");
                assert_eq!(build, format!("build {}", side.submission_id).as_bytes());
                assert!(!read.contains(&side.submission_id), "{} sent twice", side.submission_id);
                read.push(side.submission_id);
            }
            None => assert!(side.submission_id == subs[0] || read.contains(&side.submission_id)),
        }
    }
    read.sort();
    assert_eq!(read, [subs[1], subs[2]], "bob's and cyd's builds, once each");
    let held: i64 = sqlx::query_scalar("select count(*) from jobs where kind = 'game' and locked_by = 'w'")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(held, 4);
    let rest = games::claim(&mut conn, "w", 60.0, 4, &[]).await.unwrap();
    assert_eq!(rest.iter().map(|(job, _)| i64::from(job.id)).collect::<Vec<_>>(), order[4..]);
    assert!(games::claim(&mut conn, "w", 60.0, 4, &[]).await.unwrap().is_empty());
}

/// The platform's sessions run without JIT compilation, whatever the server's `jit` (on by
/// default): compiling a big scheduling statement took longer than running it.
#[tokio::test]
async fn the_platforms_sessions_run_without_jit() {
    let pool = common::database::fresh_pool().await;
    let args = botarena::config::DbArgs {
        data_dir: common::database::test_data_dir(),
        database_url: Some(common::database::url_of(&pool)),
    };
    let db = botarena::db::Database::connect(&args).await.unwrap();
    let jit: String = sqlx::query_scalar("show jit").fetch_one(&db.pool).await.unwrap();
    assert_eq!(jit, "off");
    let jit: String = sqlx::query_scalar("show jit").fetch_one(&pool).await.unwrap();
    assert_eq!(jit, "off", "the tests' pools are the platform's");
}
