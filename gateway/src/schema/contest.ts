import { builder } from './builder';

// The contest: entry form, one entry per email.

void builder;
