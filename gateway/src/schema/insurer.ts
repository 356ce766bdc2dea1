import { builder } from './builder';

// Insurer partnership: insurance verification and the insured customer’s discounts.

void builder;
