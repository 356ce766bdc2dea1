import { builder } from './builder';

// Prescription services: home delivery and pickup requests with uploaded files.

void builder;
