import pino from 'pino';

/** Structured JSON logs for the whole process (one line per event, machine-readable). */
export const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { service: 'shop' } });
