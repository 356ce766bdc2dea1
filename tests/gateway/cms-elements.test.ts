import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoEmbedUrl } from '../../gateway/src/videoEmbeds';
import { openContentGateway, type ContentGateway } from './content-gateway';

// CMS video and form elements (SPEC §2 "Blocks include … video … forms"): typed by the gateway, the video in its
// provider's privacy-enhanced player built from a checked id.

let gateway: ContentGateway;
beforeAll(async () => {
  gateway = await openContentGateway();
});
afterAll(() => gateway.close());

const LANDING_SLOTS = `query ($path: String!) {
  route(path: $path) {
    ... on LandingPageRoute {
      landingPage { cmsPage { sections { blocks { slots { type content {
        __typename
        ... on CmsVideo { provider providerName embedUrl title }
        ... on CmsForm { formType title }
      } } } } } }
    }
  }
}`;

interface SlotAnswer {
  type: string;
  content: { __typename: string; provider?: string; providerName?: string; embedUrl?: string; title?: string | null; formType?: string };
}

async function slotsOf(path: string): Promise<SlotAnswer[]> {
  const result = await gateway.gql<{ route: { landingPage: { cmsPage: { sections: { blocks: { slots: SlotAnswer[] }[] }[] } } } }>(LANDING_SLOTS, { path });
  expect(result.errors).toBeUndefined();
  return result.data!.route.landingPage.cmsPage.sections.flatMap((section) => section.blocks.flatMap((block) => block.slots));
}

describe('CMS video and form elements', () => {
  it('give a landing page’s YouTube video in the no-cookie player and its contact form, in the page’s language', async () => {
    const slots = await slotsOf('/erkaeltungszeit');
    expect(slots.find((slot) => slot.type === 'youtube-video')?.content).toEqual({
      __typename: 'CmsVideo',
      provider: 'YOUTUBE',
      providerName: 'YouTube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/Edw3Ink9aTm?autoplay=1&rel=0',
      title: 'Richtig inhalieren: so wirkt Dampf bei Schnupfen',
    });
    expect(slots.find((slot) => slot.type === 'form')?.content).toEqual({ __typename: 'CmsForm', formType: 'CONTACT', title: 'Fragen zur Erkältung? Schreiben Sie unserem Apothekenteam' });
    const italian = await slotsOf('/it/stagione-del-raffreddore');
    expect(italian.find((slot) => slot.type === 'form')?.content.title).toBe('Domande sul raffreddore? Scrivete al nostro team della farmacia');
  });

  it('give a Vimeo video with do-not-track and a newsletter form', async () => {
    const slots = await slotsOf('/fr/pharmacie-d-ete');
    expect(slots.find((slot) => slot.type === 'vimeo-video')?.content).toMatchObject({
      provider: 'VIMEO',
      embedUrl: 'https://player.vimeo.com/video/482901736?dnt=1&autoplay=1',
      title: 'Bien préparer sa pharmacie de voyage',
    });
    expect(slots.find((slot) => slot.type === 'form')?.content).toMatchObject({ formType: 'NEWSLETTER' });
  });

  it('never build a player address from an id that is not the provider’s', () => {
    for (const bad of ['x" onload="alert(1)', '../../evil', 'Edw3Ink9aTm?list=1', '', 42]) {
      expect(videoEmbedUrl('youtube', bad)).toBeNull();
    }
    expect(videoEmbedUrl('vimeo', 'abc')).toBeNull();
    expect(videoEmbedUrl('vimeo', '123')).toBe('https://player.vimeo.com/video/123?dnt=1&autoplay=1');
  });
});
