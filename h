<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>fio: runs</title>
<style>body{margin:0;background:#fff;color:#231f20;font:16px/1.45 'DejaVu Sans',Helvetica,Arial,sans-serif}main{max-width:1180px;margin:0 auto;padding:24px 16px}h1{font-size:1.8em;margin:0 0 .2em}h2{font-size:1.3em;margin:1.6em 0 .6em;border-bottom:1px solid #c4c4c4}.subtitle{color:#5c5c5c;margin:0 0 1em}table{border-collapse:collapse;font-size:.85em;margin:.5em 0}th,td{padding:.2em .6em;border-bottom:1px solid #e0e0e0;text-align:left;vertical-align:top}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}td.num{white-space:nowrap}figure{margin:1.2em 0}figure svg,figure img{max-width:100%;height:auto}img.lazy{min-height:300px;object-fit:contain;background:#f3f5f7}figcaption,.legend{color:#5c5c5c;font-size:.85em}tr.differs td{background:#fff4d6}div.wide{overflow-x:auto}pre{font-size:.75em;overflow-x:auto;background:#f3f5f7;padding:.8em}.scroll{overflow:auto;max-width:100%;width:fit-content;max-height:85vh;border:1px solid #e0e0e0}.scroll table{margin:0}table.ob thead th{position:sticky;top:0;z-index:2;background:#fff;box-shadow:0 1px #c4c4c4;white-space:nowrap}#results thead th{cursor:pointer}table.ob .name{min-width:12em;max-width:22em;overflow-wrap:anywhere}table.ob td.name{position:sticky;left:0;z-index:1;background:#fff}table.ob thead th.name{left:0;z-index:3}table.ob td.num{line-height:1.25}table.ob a{color:inherit}.chg{font-weight:bold}.ci,.vd{color:#5c5c5c;font-size:.85em}.v-better{color:#007a5a}.v-worse{color:#b84a00}.sw{display:inline-block;width:.8em;height:.8em;margin-right:.35em;border:1px solid #4a4a4a;vertical-align:-.05em}th[aria-sort=ascending]:after{content:' \25b2'}th[aria-sort=descending]:after{content:' \25bc'}.controls{margin:.4em 0;font-size:.9em}.controls label{margin-right:1.2em;white-space:nowrap}@media (max-width:600px){table.ob .name{min-width:8em;max-width:11em}main{padding:16px 8px}}</style>
</head>
<body>
<main>
<h1>fio: runs</h1>
<section id="summary">
<h2>Summary</h2>
<div class="wide">
<table>
<thead><tr><th>Type</th><th>System</th><th class="num">n</th><th class="num">Mean</th><th class="num">±95% CI</th><th class="num">CV</th><th>Unit</th></tr></thead>
<tbody>
<tr><td>iops log: write IOPS (mean)</td><td>runs</td><td class="num">3</td><td class="num">6309.34 y</td><td class="num">3933.59</td><td class="num">25.10%</td><td>IOPS</td></tr>
</tbody>
</table>
</div>
<p class="legend">each run with a time series (3 runs) has its steady-state mean as its result, from where it became steady by the SNIA PTS rule (--steady); 2 never became steady and keep their whole-run mean</p>
<p class="legend">y runs, iops log: write IOPS (mean): 2 of 3 runs never became steady; the other 1 after a warm-up of up to 1755 ms, with a steady mean of 4696.50 IOPS against 4699.48 IOPS over its whole run</p>
</section>
<section id="charts">
<h2>Charts</h2>
<figure class="chart" id="chart-1">
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" xml:space="preserve" width="800px" height="162px" viewBox="0 0 800 162">
<style type="text/css">text{font-family:'DejaVu Sans';white-space:pre}.f0{font-size:17px;font-weight:bold}.f1{font-size:11px;font-weight:bold}.f2{font-size:9px;font-weight:bold}.f3{font-size:11px;font-weight:bold}.f4{font-size:8.5px;font-weight:normal}.f5{font-size:10px;font-weight:normal}.f6{font-size:10px;font-weight:bold}</style>
<rect x="0" y="0" width="800" height="162" fill="#ffffff"/>
<text x="16" y="31.78" class="f0" fill="#231f20">fio</text>
<text x="16" y="46" class="f1" fill="#231f20">iops log: write IOPS (mean)</text>
<path d="M114.67 55.83L121.67 59.83L114.67 63.83Z" fill="#2b3a4a"/>
<text x="124.67" y="62.95" class="f2" fill="#2b3a4a">IOPS, More Is Better</text>
<line x1="114.5" y1="110.77" x2="114.5" y2="114.77" stroke="#757575" stroke-width="1"/>
<text x="111.48" y="125.05" class="f5" fill="#2b3a4a">0</text>
<line x1="226.5" y1="71.07" x2="226.5" y2="110.77" stroke="#c4c4c4" stroke-width="1" stroke-dasharray="3 3"/>
<line x1="226.5" y1="110.77" x2="226.5" y2="114.77" stroke="#757575" stroke-width="1"/>
<text x="213.5" y="125.05" class="f5" fill="#2b3a4a">2000</text>
<line x1="337.5" y1="71.07" x2="337.5" y2="110.77" stroke="#c4c4c4" stroke-width="1" stroke-dasharray="3 3"/>
<line x1="337.5" y1="110.77" x2="337.5" y2="114.77" stroke="#757575" stroke-width="1"/>
<text x="325.05" y="125.05" class="f5" fill="#2b3a4a">4000</text>
<line x1="449.5" y1="71.07" x2="449.5" y2="110.77" stroke="#c4c4c4" stroke-width="1" stroke-dasharray="3 3"/>
<line x1="449.5" y1="110.77" x2="449.5" y2="114.77" stroke="#757575" stroke-width="1"/>
<text x="436.61" y="125.05" class="f5" fill="#2b3a4a">6000</text>
<line x1="560.5" y1="71.07" x2="560.5" y2="110.77" stroke="#c4c4c4" stroke-width="1" stroke-dasharray="3 3"/>
<line x1="560.5" y1="110.77" x2="560.5" y2="114.77" stroke="#757575" stroke-width="1"/>
<text x="548.16" y="125.05" class="f5" fill="#2b3a4a">8000</text>
<line x1="672.5" y1="71.07" x2="672.5" y2="110.77" stroke="#c4c4c4" stroke-width="1" stroke-dasharray="3 3"/>
<line x1="672.5" y1="110.77" x2="672.5" y2="114.77" stroke="#757575" stroke-width="1"/>
<text x="656.54" y="125.05" class="f5" fill="#2b3a4a">10000</text>
<line x1="784.5" y1="71.07" x2="784.5" y2="110.77" stroke="#c4c4c4" stroke-width="1" stroke-dasharray="3 3"/>
<line x1="784.5" y1="110.77" x2="784.5" y2="114.77" stroke="#757575" stroke-width="1"/>
<text x="766.19" y="125.05" class="f5" fill="#2b3a4a">12000</text>
<line x1="114.67" y1="110.5" x2="784" y2="110.5" stroke="#757575" stroke-width="1"/>
<line x1="114.5" y1="71.07" x2="114.5" y2="110.77" stroke="#757575" stroke-width="1"/>
<text x="77.03" y="89.28" class="f3" fill="#231f20">runs</text>
<text x="16" y="100.76" class="f4" fill="#2b3a4a">SE +/- 914.23, N = 3</text>
<rect x="114.5" y="77.5" width="352" height="27" fill="#0072b2" stroke="#4a4a4a" stroke-width="1"/>
<line x1="247.18" y1="97.5" x2="685.99" y2="97.5" stroke="#ffffff" stroke-width="3.3"/>
<line x1="247.5" y1="91.22" x2="247.5" y2="103.26" stroke="#ffffff" stroke-width="3.3"/>
<line x1="685.5" y1="91.22" x2="685.5" y2="103.26" stroke="#ffffff" stroke-width="3.3"/>
<line x1="247.18" y1="97.5" x2="685.99" y2="97.5" stroke="#1a1a1a" stroke-width="1.3"/>
<line x1="247.5" y1="91.22" x2="247.5" y2="103.26" stroke="#1a1a1a" stroke-width="1.3"/>
<line x1="685.5" y1="91.22" x2="685.5" y2="103.26" stroke="#1a1a1a" stroke-width="1.3"/>
<circle cx="553.18" cy="97.24" r="2.6" fill="#ffffff" stroke="#1a1a1a" stroke-width="1"/>
<circle cx="469.96" cy="94.78" r="2.6" fill="#ffffff" stroke="#1a1a1a" stroke-width="1"/>
<circle cx="376.63" cy="99.7" r="2.6" fill="#ffffff" stroke="#1a1a1a" stroke-width="1"/>
<text x="473.59" y="86.85" class="f6" fill="#2b3a4a">6309.3</text>
<text x="16" y="143.3" class="f4" fill="#5c5c5c">Bar: mean of the runs. Whiskers: 95% confidence interval of the mean. Dots: the single runs. N: runs, SE: standard error.</text>
</svg>
<figcaption>fio: iops log: write IOPS (mean) (IOPS)</figcaption>
</figure>
</section>
<section id="report">
<h2>Report</h2>
<pre>runs

fio
iops log: write IOPS (mean)
IOPS &gt; Higher Is Better
runs . 6309.34 |================================================================


Each run with a time series (3 runs) has its steady-state mean as its result,
from where it became steady by the SNIA PTS rule (--steady); 2 never became
steady and keep their whole-run mean.

</pre>
</section>
</main>
</body>
</html>
