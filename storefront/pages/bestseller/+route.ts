export default '/t/bestseller';
