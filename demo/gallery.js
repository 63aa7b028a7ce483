// One figure per visual type: the tile and the markup that makes it.
const VISUALS = [
  ['Gauge', 'g-nps'],
  ['Multi line chart', 'g-nps-trend'],
  ['Stacked bar (legend toggles, clickable row labels)', 'g-nps-mix-by-channel'],
  ['Donut (top 5 and Others)', 'g-channel-share'],
  ['Table with delta columns and tabs', 'g-store-table'],
  ['Ordered list of comments (tabs, Drillthrough)', 'g-comments'],
  ['Star rating chart', 'g-star-chart'],
  ['Hero text', 'g-hero'],
  ['Pill filter chart (tabs)', 'g-pills'],
  ['Multi-gauge', 'g-multi-gauge'],
  ['Stacked area', 'g-area'],
  ['Radar (legend selects a series, scale toggle)', 'g-radar'],
  ['Clustered bar', 'g-clustered'],
  ['Text-and-count ordered list', 'g-text-count'],
  ['Multi-count ordered list (point / percentage change)', 'g-multi-count'],
  ['Single bar stack with hero number', 'g-bar-stack'],
  ['Line', 'g-line'],
  ['Single-axis stacked bar', 'g-column-stack'],
  ['Stacked column with line (axis-value icons)', 'g-column-line'],
  ['Multi-axes line (legend selects series)', 'g-multi-axes'],
  ['Touchpoint chart (No Data Available marker)', 'g-touchpoints'],
  ['Image', 'g-image'],
  ['Stacked bar with icon bar', 'g-bar-icons'],
  ['Stacked bar with gauge (sort aZ, Za, hide)', 'g-bar-gauges'],
  ['Table with grouped measures and tabs', 'g-grouped-table'],
  ['Journey-map touchpoint line chart', 'g-journey'],
  ['Mini-line with gauge', 'g-mini-gauge'],
  ['Mini-line with hero', 'g-mini-hero'],
  ['Mini-line with icon bar', 'g-mini-icons'],
  ['Multi-bar stack with hero', 'g-multi-bar'],
];

const main = document.querySelector('main');
for (const [title, name] of VISUALS) {
  const figure = document.createElement('figure');
  const tile = document.createElement('cx-visual');
  for (const [attr, value] of [['module-id', 'responses'], ['visual', name], ['filter-scope', 'gallery']]) tile.setAttribute(attr, value);
  const caption = document.createElement('figcaption');
  const heading = document.createElement('strong');
  heading.textContent = title;
  const code = document.createElement('code');
  code.textContent = tile.outerHTML;
  caption.append(heading, document.createElement('br'), code);
  figure.append(tile, caption);
  main.append(figure);
}

// The demo card wall is an element of its own.
const wall = document.createElement('figure');
wall.className = 'wide';
const wallTile = document.createElement('cx-demo-wall');
const wallCaption = document.createElement('figcaption');
wallCaption.innerHTML = '<strong>Demo card wall</strong> (one card changes every 5 s, or on click)<br>';
const wallCode = document.createElement('code');
wallCode.textContent = wallTile.outerHTML;
wallCaption.append(wallCode);
wall.append(wallTile, wallCaption);
main.append(wall);

// Signed out, the tiles ask for a sign-in (cx-auth-required): one note for the page instead.
document.addEventListener('cx-auth-required', (event) => {
  event.preventDefault();
  document.getElementById('sign-in-note').hidden = false;
});
