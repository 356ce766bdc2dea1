// No checkout, account or customer texts: the pharmacy page's texts are its own namespace.
export default false;
