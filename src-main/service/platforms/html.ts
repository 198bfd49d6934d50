// Reading the few things fetchers need out of platform web pages, with a real HTML parser:
// attributes come back entity-decoded and script bodies raw, as a browser would see them.
import { DomUtils, parseDocument } from 'htmlparser2';

type Element = ReturnType<typeof DomUtils.findAll>[number];

export class HtmlPage {
  private readonly elements: Element[];

  constructor(readonly source: string) {
    this.elements = DomUtils.findAll(() => true, parseDocument(source).children);
  }

  /** The body of `<script id="…">`. */
  scriptById(id: string): string | undefined {
    const script = this.elements.find((el) => el.name === 'script' && el.attribs.id === id);
    return script === undefined ? undefined : DomUtils.textContent(script);
  }

  /** Bodies of the `<script>` elements that carry `attribute`, in page order. */
  scriptsWith(attribute: string): string[] {
    return this.elements.filter((el) => el.name === 'script' && attribute in el.attribs).map((el) => DomUtils.textContent(el));
  }

  /** Bodies of `<script type="…">` elements. */
  scriptsOfType(type: string): string[] {
    return this.elements.filter((el) => el.name === 'script' && el.attribs.type?.toLowerCase() === type).map((el) => DomUtils.textContent(el));
  }

  /** Bodies of all inline scripts. */
  inlineScripts(): string[] {
    return this.elements.filter((el) => el.name === 'script' && el.attribs.src === undefined).map((el) => DomUtils.textContent(el));
  }

  /** `<meta property|name="…" content="…">`, e.g. `og:image`. */
  meta(property: string): string | undefined {
    return this.elements.find((el) => el.name === 'meta' && (el.attribs.property === property || el.attribs.name === property))?.attribs.content;
  }

  /** Attributes of the first element with this tag name that matches. */
  first(tag: string, matches: (attributes: Record<string, string>) => boolean = () => true): Record<string, string> | undefined {
    return this.elements.find((el) => el.name === tag && matches(el.attribs))?.attribs;
  }

  all(tag: string): Record<string, string>[] {
    return this.elements.filter((el) => el.name === tag).map((el) => el.attribs);
  }

  hasElementWithId(id: string): boolean {
    return this.elements.some((el) => el.attribs.id === id);
  }

  title(): string | undefined {
    const title = this.elements.find((el) => el.name === 'title');
    return title === undefined ? undefined : DomUtils.textContent(title).trim();
  }
}
