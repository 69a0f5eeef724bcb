#include <libnotify/notify.h>
#include <gio/gio.h>
