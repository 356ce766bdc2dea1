import { StoreApiRequestError } from '../store-client';
import { builder, languageIdFor, LocaleEnum } from './builder';

// A customer group's registration page (SPEC §2 page type; Shopware's customer-group-registration/config): a page per
// professional group (doctors, therapists) whose form registers a customer requesting the group (RegisterInput's
// requestedGroupId). A group without an open registration has no page.

interface CustomerGroupRegistrationShape {
  id: string;
  name?: string;
  registrationTitle?: string;
  registrationIntroduction?: string;
  registrationSeoMetaDescription?: string;
  registrationOnlyCompanyRegistration?: boolean;
  translated?: Partial<Omit<CustomerGroupRegistrationShape, 'translated'>>;
}

const text = (group: CustomerGroupRegistrationShape, key: 'name' | 'registrationTitle' | 'registrationIntroduction' | 'registrationSeoMetaDescription') =>
  group.translated?.[key] ?? group[key] ?? null;

const CustomerGroupRegistrationRef = builder.objectRef<CustomerGroupRegistrationShape>('CustomerGroupRegistration').implement({
  description: 'The registration page of a customer group (e.g. health professionals), in the page’s language.',
  fields: (t) => ({
    customerGroupId: t.string({ description: 'The group a registration on this page requests.', resolve: (g) => g.id }),
    name: t.string({ description: 'The group’s name.', resolve: (g) => text(g, 'name') ?? '' }),
    title: t.string({ description: 'The page’s heading (the group’s name when the shop set none).', resolve: (g) => text(g, 'registrationTitle') ?? text(g, 'name') ?? '' }),
    introductionHtml: t.string({ nullable: true, description: 'The introduction as HTML written by the shop’s editors, when set.', resolve: (g) => text(g, 'registrationIntroduction') }),
    seoMetaDescription: t.string({ nullable: true, description: 'The page’s meta description, when set.', resolve: (g) => text(g, 'registrationSeoMetaDescription') }),
    onlyCompanyRegistration: t.boolean({ description: 'Whether the registration needs the company (practice) name.', resolve: (g) => g.registrationOnlyCompanyRegistration === true }),
  }),
});

builder.queryField('customerGroupRegistration', (t) =>
  t.field({
    type: CustomerGroupRegistrationRef,
    nullable: true,
    description: 'A customer group’s registration page; null when the group has none open.',
    args: {
      customerGroupId: t.arg.string({ required: true, description: 'The customer group’s id.' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
    },
    resolve: async (_root, args, ctx) => {
      if (!/^[0-9a-f]{32}$/.test(args.customerGroupId)) return null;
      try {
        return (await ctx
          .store(languageIdFor(ctx, args.locale))
          .invoke('getCustomerGroupRegistrationInfo get /customer-group-registration/config/{customerGroupId}', {
            pathParams: { customerGroupId: args.customerGroupId },
          })) as unknown as CustomerGroupRegistrationShape;
      } catch (error) {
        if (error instanceof StoreApiRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
  }),
);
