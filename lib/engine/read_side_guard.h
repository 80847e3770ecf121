/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/read_side_guard.h: the linker's word for a program whose
 * objects were compiled for another implementation's read side than the
 * library it links.
 *
 * Such an object refers to symbols under its own read side's link names
 * (RCUTABLE_LINK_NAME, compiler.h), which this library lacks, so the link
 * fails with "undefined reference to `<key>_<id>'".  This header adds,
 * for each other installed read side of the library's column, a
 * .gnu.warning.<key>_<id> section, whose text GNU ld prints beside that
 * error: it names both implementations and the fix.  No code: a static
 * link consumes the sections, and a shared library keeps them (a few
 * hundred bytes), so that linking against it warns alike.
 *
 * Included once per library, by its update side (a file that every program
 * using the library links), after defining RCUTABLE_GUARD_KEY, the C name
 * of the symbol its read side always refers to.  The build gives
 * RCUTABLE_OTHER_READ_SIDES: X(id, "impl") for each other read side, and
 * RCUTABLE_IMPL_NAME.
 */
#ifndef RCUTABLE_ENGINE_READ_SIDE_GUARD_H
#define RCUTABLE_ENGINE_READ_SIDE_GUARD_H

#define RCUTABLE_GUARD_STR_(x)	#x
#define RCUTABLE_GUARD_STR(x)	RCUTABLE_GUARD_STR_(x)

#define X(id, impl)							\
	static const char rcutable_read_side_guard_##id[]		\
	__attribute__((used, section(".gnu.warning."			\
		RCUTABLE_GUARD_STR(RCUTABLE_GUARD_KEY) "_" #id))) =	\
		"rcutable: an object compiled for rcutable-" impl	\
		" (pkg-config --cflags rcutable-" impl ") is linked with "	\
		"librcutable-" RCUTABLE_IMPL_NAME ": compile and link every "	\
		"object with one implementation's flags, pkg-config --cflags "	\
		"--libs rcutable-<impl>";
#ifdef RCUTABLE_OTHER_READ_SIDES
RCUTABLE_OTHER_READ_SIDES
#endif
#undef X

#endif /* RCUTABLE_ENGINE_READ_SIDE_GUARD_H */
