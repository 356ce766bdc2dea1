// The link of the registration mail (double opt-in, SPEC §4): /registration/confirm?em=…&hash=….
export default '/registration/confirm';
