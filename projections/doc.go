// Package projections folds the event log into read models that no rules
// engine owns: the log view, dice statistics and battle reports. It reads
// events and never writes them.
package projections
