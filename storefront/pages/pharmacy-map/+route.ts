// /pharmacy-map, /it/pharmacy-map, /fr/pharmacy-map: the pharmacy finder (SPEC §2).
export default '/pharmacy-map';
