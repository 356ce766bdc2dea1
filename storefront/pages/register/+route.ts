// The registration page (SPEC §2): /register.
export default '/register';
