(function () {
var f = document.getElementById('filters'), tb = document.querySelector('#index tbody');
if (!f || !tb) return;
f.hidden = false;
var rows = Array.prototype.slice.call(tb.rows), dir = {};
function sec(r) { return document.getElementById(r.dataset.id); }
function apply() {
  var n = 0, file = f.file.value.toLowerCase();
  rows.forEach(function (r) {
    var d = r.dataset, ok = (!f.sev.value || d.sev === f.sev.value ||
      (f.sev.value === 'ew' && (d.sev === 'error' || d.sev === 'warning'))) &&
      (!f.kind.value || (' ' + d.kinds + ' ').indexOf(' ' + f.kind.value + ' ') >= 0) &&
      (!f.branch.value || d.branch === f.branch.value) &&
      (!file || d.file.toLowerCase().indexOf(file) >= 0);
    r.hidden = !ok; sec(r).hidden = !ok; n += ok;
  });
  document.getElementById('shown').textContent = n + ' of ' + rows.length + ' maps';
}
function key(r, i) { var c = r.cells[i]; return c.dataset.k !== undefined ? parseFloat(c.dataset.k) : c.textContent; }
Array.prototype.forEach.call(document.querySelectorAll('#index th'), function (th, i) {
  th.addEventListener('click', function () {
    dir[i] = -(dir[i] || -1);
    rows.sort(function (a, b) { var x = key(a, i), y = key(b, i);
      return (x < y ? -1 : x > y ? 1 : 0) * dir[i]; });
    var all = document.getElementById('maps');
    rows.forEach(function (r) { tb.appendChild(r); all.appendChild(sec(r)); });
  });
});
f.addEventListener('input', apply);
f.addEventListener('change', apply);
apply();
})();
