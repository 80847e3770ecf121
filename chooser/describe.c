/* SPDX-License-Identifier: MIT */
/*
 * chooser/describe.c: one implementation's descriptor as a C
 * initializer, for rcutable-choose's table of every implementation
 * (descriptors.c).  Compiled once per implementation, against its library;
 * DESCRIBE_INFO names its descriptor (rcutable_impl_info,
 * rcutable_srcu_impl_info or rcutable_tasks_impl_info).
 */
#include <stdio.h>

#include <rcutable/impl.h>

static void put_string(const char *field, const char *s)
{
	printf(" .%s = \"", field);
	for (; *s; s++)
		printf(*s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
	printf("\",");
}

int main(void)
{
	const struct rcutable_impl *d = &DESCRIBE_INFO;

	printf("\t{");
	put_string("name", d->name);
	printf(" .flavor = %d,", d->flavor);
	put_string("summary", d->summary);
	printf(" .readers_must_register = %d, .readers_report_qs = %d,"
	       " .readers_may_sleep = %d, .is_control = %d, .is_peer = %d,",
	       d->readers_must_register, d->readers_report_qs, d->readers_may_sleep,
	       d->is_control, d->is_peer);
	if (d->library)
		put_string("library", d->library);
	put_string("needs", d->needs);
	printf(" .requirements = %#x, .native = %#x, .emulated = %#x },\n", d->requirements,
	       d->native, d->emulated);
	return 0;
}
