// /s/ fetched content pages (customer service, contact with the contact form, about us, career).
export default '/s/*';
