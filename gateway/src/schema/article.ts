import { builder } from './builder';

// Articles: magazine, editorial (poll, quote, fact), topics with FAQ, and fetched content pages (/s/).

void builder;
