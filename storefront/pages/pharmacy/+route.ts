// /p/{path}: one pharmacy's page (SPEC §2), with a not-found view for an unknown path.
export default '/p/*';
