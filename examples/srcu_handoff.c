/* An SRCU section handed to another thread: srcu_down_read() where a
 * request is submitted, srcu_up_read() where a worker completes it.  The
 * configuration the request read stays valid until then, and the
 * submitter may wait for grace periods meanwhile: the section is no
 * thread's. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <rcutable/srcu.h>

struct config { int timeout_ms; };
static struct config __rcu *cur_config;	/* readers: config_srcu */
DEFINE_STATIC_SRCU(config_srcu);

struct request { pthread_t worker; int idx; const struct config *cfg; int result; };

static void *complete(void *arg)
{
	struct request *rq = arg;

	rq->result = 2 * rq->cfg->timeout_ms;	/* still valid: the section is open */
	srcu_up_read(&config_srcu, rq->idx);	/* the section ends on this thread */
	return NULL;
}

static void submit(struct request *rq)
{
	rq->idx = srcu_down_read(&config_srcu);
	/* The down holds the domain, not this thread: say so to the check. */
	rq->cfg = srcu_dereference_check(cur_config, &config_srcu, 1);
	pthread_create(&rq->worker, NULL, complete, rq);
}

static void set_config(int timeout_ms)
{
	struct config *c = malloc(sizeof(*c)), *old;

	c->timeout_ms = timeout_ms;
	old = rcu_replace_pointer(cur_config, c, 1);
	synchronize_srcu(&config_srcu);		/* every request that read old is complete */
	free(old);
}

int main(void)
{
	static const int want[4] = { 200, 200, 400, 400 };
	struct request rq[4];
	int bad = 0;

	set_config(100);
	for (int i = 0; i < 4; i++) {
		submit(&rq[i]);
		if (i == 1)
			set_config(200);	/* waits for requests 0 and 1, on their workers */
	}
	for (int i = 0; i < 4; i++) {
		pthread_join(rq[i].worker, NULL);
		bad += rq[i].result != want[i];
	}
	free(rcu_replace_pointer(cur_config, NULL, 1));
	printf("srcu_handoff: %d of 4 requests wrong\n", bad);
	return bad != 0;
}
