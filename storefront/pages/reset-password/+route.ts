// Password reset, step 1 (SPEC §2, §4): /reset-password — request the link by email.
export default '/reset-password';
