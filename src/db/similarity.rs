//! The similarity index (copy detection): each submission's tokens and fingerprints, the postings
//! that find every submission sharing a fingerprint, the contest's base code, and the pairs found.

use super::ids::{ContestId, SubmissionId, UserId};
use crate::similarity::{Cause, OverBudget as Reason};
use serde_json::{json, Value};
use sqlx::PgConnection;

/// What indexing a submission needs to know of it.
#[derive(Clone, Debug)]
pub struct Indexable {
    pub id: SubmissionId,
    pub contest_id: ContestId,
    pub user_id: UserId,
    pub username: String,
    pub language: String,
    pub source: Vec<u8>,
}

/// A submission to index.
pub async fn indexable(conn: &mut PgConnection, id: SubmissionId) -> sqlx::Result<Option<Indexable>> {
    sqlx::query_as!(
        Indexable,
        r#"select s.id as "id: SubmissionId", s.contest_id as "contest_id: ContestId", s.user_id as "user_id: UserId",
                  u.username, s.language, s.source
           from submissions s join users u on u.id = s.user_id where s.id = $1"#,
        id as SubmissionId
    )
    .fetch_optional(conn)
    .await
}

/// The contest's submissions, oldest first (a reindex replays their arrival).
pub async fn submissions_of(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<SubmissionId>> {
    sqlx::query_scalar!(
        r#"select s.id as "id: SubmissionId" from submissions s join users u on u.id = s.user_id
           where s.contest_id = $1 and not u.is_house order by s.id"#,
        contest as ContestId
    )
    .fetch_all(conn)
    .await
}

/// Every k-gram hash of the contest's base code.
pub async fn base(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!("select hash from similarity_base where contest_id = $1", contest as ContestId)
        .fetch_all(conn)
        .await
}

/// Replaces the contest's base code hashes.
pub async fn set_base(conn: &mut PgConnection, contest: ContestId, hashes: &[i64]) -> sqlx::Result<()> {
    sqlx::query!("delete from similarity_base where contest_id = $1", contest as ContestId)
        .execute(&mut *conn)
        .await?;
    sqlx::query!(
        "insert into similarity_base (contest_id, hash) select $1, h from unnest($2::bigint[]) h on conflict do nothing",
        contest as ContestId,
        hashes
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A file an admin added as base code.
#[derive(Clone, Debug)]
pub struct BaseFile {
    pub id: i64,
    pub name: String,
    pub language: String,
    pub source: String,
}

pub async fn base_files(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<BaseFile>> {
    sqlx::query_as!(
        BaseFile,
        "select id, name, language, source from similarity_base_files where contest_id = $1 order by id",
        contest as ContestId
    )
    .fetch_all(conn)
    .await
}

pub async fn add_base_file(
    conn: &mut PgConnection,
    contest: ContestId,
    name: &str,
    language: &str,
    source: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "insert into similarity_base_files (contest_id, name, language, source) values ($1, $2, $3, $4) returning id",
        contest as ContestId,
        name,
        language,
        source
    )
    .fetch_one(conn)
    .await
}

/// Removes a base file of the contest; whether there was one.
pub async fn remove_base_file(conn: &mut PgConnection, contest: ContestId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "delete from similarity_base_files where contest_id = $1 and id = $2",
        contest as ContestId,
        id
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Stores a submission's tokens and fingerprints (replacing what it had) and forgets its pairs;
/// `over_budget` says why it was not read whole by its grammar (`None`: it was), stored in words
/// and as [`reason_code`].
pub async fn store(
    conn: &mut PgConnection,
    s: &Indexable,
    tokens: &[u8],
    fingerprints: &[i64],
    over_budget: Option<&Reason>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into similarity_index (submission_id, contest_id, tokens, fingerprints, over_budget,
                                       over_budget_code)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (submission_id) do update set tokens = excluded.tokens, fingerprints = excluded.fingerprints,
                                                   over_budget = excluded.over_budget,
                                                   over_budget_code = excluded.over_budget_code, indexed_at = now()",
        s.id as SubmissionId,
        s.contest_id as ContestId,
        tokens,
        fingerprints.len() as i32,
        over_budget.map(ToString::to_string),
        over_budget.map(reason_code)
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!("delete from similarity_postings where submission_id = $1", s.id as SubmissionId)
        .execute(&mut *conn)
        .await?;
    sqlx::query!(
        "insert into similarity_postings (contest_id, hash, submission_id)
         select $1, h, $2 from unnest($3::bigint[]) h on conflict do nothing",
        s.contest_id as ContestId,
        s.id as SubmissionId,
        fingerprints
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "delete from similarity_pairs where submission_a = $1 or submission_b = $1",
        s.id as SubmissionId
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Another user's indexed submission sharing fingerprints with one being indexed.
#[derive(Clone, Debug)]
pub struct Sharing {
    pub id: SubmissionId,
    /// Fingerprints shared.
    pub shared: i64,
    /// All its fingerprints.
    pub fingerprints: i32,
    pub tokens: Vec<u8>,
}

/// The indexed submissions of other users of the contest that share at least `min_shared` of
/// these fingerprints and can reach similarity `floor` (shared over the smaller side's count, each
/// counted as at least `min_count`), with their tokens.
pub async fn sharing(
    conn: &mut PgConnection,
    s: &Indexable,
    fingerprints: &[i64],
    min_shared: i64,
    floor: f32,
    min_count: i32,
) -> sqlx::Result<Vec<Sharing>> {
    sqlx::query_as!(
        Sharing,
        r#"with shared as (
               select p.submission_id, count(*) as n from similarity_postings p
               where p.contest_id = $1 and p.hash = any($2::bigint[]) and p.submission_id <> $3
               group by p.submission_id having count(*) >= $5)
           select i.submission_id as "id: SubmissionId", shared.n as "shared!", i.fingerprints, i.tokens
           from shared join similarity_index i on i.submission_id = shared.submission_id
           join submissions o on o.id = i.submission_id
           where o.user_id <> $4
             and shared.n >= $6::real * least(greatest($7::int, $8::int), greatest(i.fingerprints, $8::int))"#,
        s.contest_id as ContestId,
        fingerprints,
        s.id as SubmissionId,
        s.user_id as UserId,
        min_shared,
        floor,
        fingerprints.len() as i32,
        min_count
    )
    .fetch_all(conn)
    .await
}

/// A pair found, `a < b`.
#[derive(Clone, Debug)]
pub struct NewPair {
    pub a: SubmissionId,
    pub b: SubmissionId,
    pub shared: i32,
    pub similarity: f32,
    pub longest_run: i32,
}

/// Stores pairs found (one statement for all of them).
pub async fn store_pairs(conn: &mut PgConnection, contest: ContestId, pairs: &[NewPair]) -> sqlx::Result<()> {
    let a: Vec<i64> = pairs.iter().map(|p| p.a.0).collect();
    let b: Vec<i64> = pairs.iter().map(|p| p.b.0).collect();
    let shared: Vec<i32> = pairs.iter().map(|p| p.shared).collect();
    let similarity: Vec<f32> = pairs.iter().map(|p| p.similarity).collect();
    let longest: Vec<i32> = pairs.iter().map(|p| p.longest_run).collect();
    sqlx::query!(
        "insert into similarity_pairs (contest_id, submission_a, submission_b, shared, similarity, longest_run)
         select $1, * from unnest($2::bigint[], $3::bigint[], $4::int[], $5::real[], $6::int[])
         on conflict (submission_a, submission_b) do update set shared = excluded.shared,
             similarity = excluded.similarity, longest_run = excluded.longest_run",
        contest as ContestId,
        &a,
        &b,
        &shared,
        &similarity,
        &longest
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// One side of a listed pair.
#[derive(Clone, Debug)]
pub struct Side {
    pub submission_id: SubmissionId,
    pub username: String,
    pub language: String,
    /// Whether it is its user's current submission (the one that plays).
    pub current: bool,
}

/// A pair as listed, most similar first.
#[derive(Clone, Debug)]
pub struct Pair {
    pub a: Side,
    pub b: Side,
    pub shared: i32,
    pub similarity: f32,
    pub longest_run: i32,
}

/// The contest's pairs at or above `min`, most similar first (then the longest run): only pairs
/// of current submissions, or any two submissions of different users with `all`.
pub async fn pairs(
    conn: &mut PgConnection,
    contest: ContestId,
    min: f32,
    all: bool,
    limit: i64,
) -> sqlx::Result<Vec<Pair>> {
    let rows = sqlx::query!(
        r#"select p.submission_a as "a: SubmissionId", ua.username as ua, sa.language as la, sa.status = 'ready' as "ca!",
                  p.submission_b as "b: SubmissionId", ub.username as ub, sb.language as lb, sb.status = 'ready' as "cb!",
                  p.shared, p.similarity, p.longest_run
           from similarity_pairs p
           join submissions sa on sa.id = p.submission_a join users ua on ua.id = sa.user_id
           join submissions sb on sb.id = p.submission_b join users ub on ub.id = sb.user_id
           where p.contest_id = $1 and p.similarity >= $2 and ($3 or (sa.status = 'ready' and sb.status = 'ready'))
           order by p.similarity desc, p.longest_run desc, p.submission_a, p.submission_b
           limit $4"#,
        contest as ContestId,
        min,
        all,
        limit
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Pair {
            a: Side { submission_id: r.a, username: r.ua, language: r.la, current: r.ca },
            b: Side { submission_id: r.b, username: r.ub, language: r.lb, current: r.cb },
            shared: r.shared,
            similarity: r.similarity,
            longest_run: r.longest_run,
        })
        .collect())
}

/// How many of the contest's submissions are indexed, of how many.
pub async fn coverage(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<(i64, i64)> {
    let r = sqlx::query!(
        r#"select count(i.submission_id) as "indexed!", count(*) as "all!"
           from submissions s join users u on u.id = s.user_id
           left join similarity_index i on i.submission_id = s.id
           where s.contest_id = $1 and not u.is_house"#,
        contest as ContestId
    )
    .fetch_one(conn)
    .await?;
    Ok((r.indexed, r.all))
}

/// An indexed submission that was over the parser's budget.
#[derive(Clone, Debug)]
pub struct OverBudget {
    pub submission_id: SubmissionId,
    pub username: String,
    pub language: String,
    /// Why, in English words (`botarena_similarity::Tokenized::over_budget`).
    pub why: String,
    /// Why, as [`reason_code`] stored it (`None` in the rows of before it was stored).
    pub code: Option<Value>,
}

impl OverBudget {
    /// Why, as the index computed it; `None` for a row that has only the words.
    pub fn reason(&self) -> Option<Reason> {
        self.code.as_ref().and_then(reason_from_code)
    }
}

/// An over-budget reason as `similarity_index.over_budget_code` holds it: its cause and numbers,
/// `{"cause": "size", "kib": 300, "max_kib": 256, "truncated": false}`.
pub fn reason_code(r: &Reason) -> Value {
    let mut v = match r.cause {
        None => json!({}),
        Some(Cause::Size { kib, max_kib }) => json!({"cause": "size", "kib": kib, "max_kib": max_kib}),
        Some(Cause::Tokens { max }) => json!({"cause": "tokens", "max": max}),
        Some(Cause::Depth { depth, max }) => json!({"cause": "depth", "depth": depth, "max": max}),
        Some(Cause::Slow { seconds }) => json!({"cause": "slow", "seconds": seconds}),
    };
    v["truncated"] = json!(r.truncated);
    v
}

/// The reason [`reason_code`] stored; `None` for a code this version does not know.
pub fn reason_from_code(v: &Value) -> Option<Reason> {
    let n = |name: &str| v.get(name).and_then(Value::as_u64);
    let cause = match v.get("cause").and_then(Value::as_str) {
        None => None,
        Some("size") => Some(Cause::Size { kib: n("kib")? as usize, max_kib: n("max_kib")? as usize }),
        Some("tokens") => Some(Cause::Tokens { max: n("max")? as usize }),
        Some("depth") => Some(Cause::Depth { depth: n("depth")? as usize, max: n("max")? as usize }),
        Some("slow") => Some(Cause::Slow { seconds: n("seconds")? }),
        Some(_) => return None,
    };
    Some(Reason { cause, truncated: v.get("truncated").and_then(Value::as_bool)? })
}

/// The contest's indexed submissions that were over the parser's budget, newest first; how many
/// in all, and the first `limit`.
pub async fn over_budget(
    conn: &mut PgConnection,
    contest: ContestId,
    limit: i64,
) -> sqlx::Result<(i64, Vec<OverBudget>)> {
    let count = sqlx::query_scalar!(
        r#"select count(*) as "n!" from similarity_index where contest_id = $1 and over_budget is not null"#,
        contest as ContestId
    )
    .fetch_one(&mut *conn)
    .await?;
    let rows = sqlx::query_as!(
        OverBudget,
        r#"select i.submission_id as "submission_id: SubmissionId", u.username, s.language, i.over_budget as "why!",
                  i.over_budget_code as code
           from similarity_index i join submissions s on s.id = i.submission_id join users u on u.id = s.user_id
           where i.contest_id = $1 and i.over_budget is not null
           order by i.submission_id desc limit $2"#,
        contest as ContestId,
        limit
    )
    .fetch_all(conn)
    .await?;
    Ok((count, rows))
}

/// A stored pair's numbers, if the two were found alike.
pub async fn pair(
    conn: &mut PgConnection,
    a: SubmissionId,
    b: SubmissionId,
) -> sqlx::Result<Option<(i32, f32, i32)>> {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let r = sqlx::query!(
        "select shared, similarity, longest_run from similarity_pairs where submission_a = $1 and submission_b = $2",
        lo as SubmissionId,
        hi as SubmissionId
    )
    .fetch_optional(conn)
    .await?;
    Ok(r.map(|r| (r.shared, r.similarity, r.longest_run)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_over_budget_reason_reads_back_as_it_was_stored() {
        let causes = [
            None,
            Some(Cause::Size { kib: 300, max_kib: 256 }),
            Some(Cause::Tokens { max: 60_000 }),
            Some(Cause::Depth { depth: 201, max: 200 }),
            Some(Cause::Slow { seconds: 3 }),
        ];
        for cause in causes {
            for truncated in [false, true] {
                let r = Reason { cause, truncated };
                assert_eq!(reason_from_code(&reason_code(&r)), Some(r));
            }
        }
        assert_eq!(reason_from_code(&json!({"cause": "cosmic rays", "truncated": false})), None);
    }
}
