// Loaded into the shop process the fault-injection spec starts (node --import): an unhandled promise rejection
// is written to stderr with a marker the spec looks for, instead of ending the process unnoticed.
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`UNHANDLED REJECTION: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
});
