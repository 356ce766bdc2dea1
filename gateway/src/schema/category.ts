import { builder } from './builder';

void builder;
