// The error page (SPEC §2, §8): /error, optionally /error?status=502 for a status's own text.
export default '/error';
