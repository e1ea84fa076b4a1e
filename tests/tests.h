/* The test suites, and helpers they share. */
#ifndef VF_TESTS_H
#define VF_TESTS_H

#include <check.h>

#include "vf_des.h"

Suite *vf_test_util_suite(void);

#endif
