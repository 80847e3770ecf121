/* SPDX-License-Identifier: MIT */
/*
 * kit/udev_absent.c: libudev as absent, for the scaling kit's static
 * programs.  Debian's hwloc is built with libudev, which has no static
 * library; hwloc asks it only for the names of block devices, which the
 * benchmarks never load (hwloc leaves I/O devices out by default), and
 * goes without when udev_new() fails, as it does where no udev runs.  So
 * udev_new() fails here, and nothing else is ever called with a context.
 */
#include <stddef.h>

struct udev;
struct udev_device;

struct udev *udev_new(void);
struct udev *udev_unref(struct udev *udev);
struct udev_device *udev_device_new_from_subsystem_sysname(struct udev *udev,
							    const char *subsystem,
							    const char *sysname);
const char *udev_device_get_property_value(struct udev_device *dev, const char *key);
struct udev_device *udev_device_unref(struct udev_device *dev);

struct udev *udev_new(void)
{
	return NULL;
}

struct udev *udev_unref(struct udev *udev)
{
	(void)udev;
	return NULL;
}

struct udev_device *udev_device_new_from_subsystem_sysname(struct udev *udev,
							    const char *subsystem,
							    const char *sysname)
{
	(void)udev, (void)subsystem, (void)sysname;
	return NULL;
}

const char *udev_device_get_property_value(struct udev_device *dev, const char *key)
{
	(void)dev, (void)key;
	return NULL;
}

struct udev_device *udev_device_unref(struct udev_device *dev)
{
	(void)dev;
	return NULL;
}
