// Declarations only (include/CFuzzDriver.h): SwiftPM needs one source file per C target.
#include "CFuzzDriver.h"
