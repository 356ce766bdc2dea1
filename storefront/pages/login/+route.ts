// The login page (SPEC §2): /login (?redirect=<path of this shop> to come back to afterwards).
export default '/login';
