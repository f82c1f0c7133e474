/*
 * margin.c - how the margin of --equivalence and --max-regression is
 * named (view.h): one label and one rule for every output, so that
 * each says which margin its "equal" or "not worse" was proven
 * against (docs/methods.md 12).
 */
#include "view.h"

#include <math.h>

/* x with the digits it needs, at most 3 significant ("1.96", "2"),
 * as check's gate names its margin. */
static void add_num(struct fsr_buf *b, double x)
{
	fsr_view_add_fig(b, x, FSR_FIG_PCT);
}

/* A change in %, signed ("+2%", "-1.96%"). */
static void add_pct(struct fsr_buf *b, double x)
{
	fsr_buf_adds(b, x > 0 ? "+" : "");
	add_num(b, x);
	fsr_buf_addc(b, '%');
}

void fsr_view_margin_label(struct fsr_buf *b, const struct fsr_comparison *c)
{
	double p = c->opts.margin_pct, lo = -fsr_view_rate_margin_pct(p);

	switch (c->opts.margin) {
	case FSR_MARGIN_EQUIVALENCE:
		fsr_buf_adds(b, "equivalence margin ");
		add_pct(b, lo);
		fsr_buf_adds(b, " to ");
		add_pct(b, p);
		fsr_buf_adds(b, " (a ratio 1/");
		add_num(b, 1 + p / 100);
		fsr_buf_adds(b, " to ");
		add_num(b, 1 + p / 100);
		fsr_buf_addc(b, ')');
		break;
	case FSR_MARGIN_NONINFERIORITY:
		fsr_buf_adds(b, "max-regression margin ");
		add_num(b, p);
		fsr_buf_adds(b, "% (");
		add_pct(b, p);
		fsr_buf_adds(b, " where lower is better, ");
		add_pct(b, lo);
		fsr_buf_adds(b, " where higher is)");
		break;
	default:
		break;
	}
}

double fsr_view_eq_level(const struct fsr_comparison *c)
{
	size_t i;
	double eq_level = NAN;

	for (i = 0; i < c->n_rows && isnan(eq_level); i++)
		eq_level = c->rows[i].eq_level;
	return eq_level;
}

void fsr_view_margin_rule(struct fsr_buf *b, const struct fsr_comparison *c,
			  double eq_level)
{
	const struct fsr_compare_opts *o = &c->opts;
	const char *adj = o->adjust == FSR_ADJUST_HOLM ? "Holm" :
			  o->adjust == FSR_ADJUST_BH ? "Benjamini-Hochberg" :
						       NULL;

	if (o->margin == FSR_MARGIN_NONE)
		return;
	fsr_buf_adds(b, o->margin == FSR_MARGIN_EQUIVALENCE ?
			"equal: no change proven, and the change proven "
			"inside the " :
			"not worse: no change proven, and the change proven "
			"not worse than the ");
	fsr_view_margin_label(b, c);
	fsr_buf_adds(b, o->margin == FSR_MARGIN_EQUIVALENCE ?
			" by two one-sided Welch tests on the logarithms "
			"(Schuirmann)" :
			" by a one-sided Welch test on the logarithms");
	if (adj && c->n_family > 1)
		fsr_buf_addf(b, ", %s-adjusted over %zu", adj, c->n_family);
	fsr_buf_addf(b, ", p <= %g", o->alpha);
	if (isfinite(eq_level)) {
		fsr_buf_adds(b, o->margin == FSR_MARGIN_EQUIVALENCE ?
				": the " : ": the worse end of the ");
		fsr_view_level_exact(b, eq_level);
		fsr_buf_adds(b, " interval of the change lies inside it");
	}
	fsr_buf_adds(b, "; same: neither a change nor that proven.");
}

void fsr_view_margin_row(struct fsr_buf *b, const struct fsr_compare_row *cr)
{
	if (!isfinite(cr->p_tost_adj))
		return;
	if (isfinite(cr->eq_low_pct) && isfinite(cr->eq_high_pct)) {
		fsr_buf_addc(b, '[');
		add_pct(b, cr->eq_low_pct);
		fsr_buf_adds(b, ", ");
		add_pct(b, cr->eq_high_pct);
		fsr_buf_adds(b, "], ");
	}
	fsr_buf_adds(b, "p ");
	fsr_view_add_fig(b, cr->p_tost_adj, FSR_FIG_P);
}
