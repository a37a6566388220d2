-- Idle compile and game slots of every process are woken when work is queued, instead of finding it
-- at their next poll: a statement that queues jobs (a submission, a round of matches, a rejudge)
-- sends one NOTIFY per kind on channel `botarena_jobs` with the kind as payload, delivered when its
-- transaction commits; so does a job put back in the queue (a judge failure, a draining worker).
-- The workers' poll stays, for a missed notification.
create function notify_queued_jobs() returns trigger language plpgsql as $$
begin
    perform pg_notify('botarena_jobs', k.kind::text) from (select distinct kind from queued) k;
    return null;
end
$$;

create trigger jobs_queued after insert on jobs
    referencing new table as queued
    for each statement execute function notify_queued_jobs();

create function notify_put_back_job() returns trigger language plpgsql as $$
begin
    perform pg_notify('botarena_jobs', new.kind::text);
    return null;
end
$$;

create trigger jobs_put_back after update of locked_by on jobs
    for each row when (old.locked_by is not null and new.locked_by is null and new.finished_at is null)
    execute function notify_put_back_job();
