//! Expression evaluation: operators, conversions, intrinsics, inquiry
//! functions and array constructors. Variables and sections are in
//! `section`.

use fscal_frontend::hir::{AcItem, Expr, ExprKind, Inquiry, Span, SymbolId, Type};
use fscal_runtime::error::{DIV_ZERO_MESSAGE, ZERO_STEP_MESSAGE};

use super::array::{elementwise, ArrayVal, Val};
use super::value::{self, internal, Value};
use super::{at, intrinsic, Interp, RefError, Slot};

/// Errors at `span`, except an integer division by zero, at `divisor`.
fn divisor_err(span: Span, divisor: Span) -> impl Fn(String) -> RefError {
    move |message| {
        let span = if message == DIV_ZERO_MESSAGE {
            divisor
        } else {
            span
        };
        RefError { span, message }
    }
}

/// The control of a counted loop: first value, step, number of trips.
pub(super) struct DoControl {
    pub start: i64,
    pub step: i64,
    pub trips: u64,
}

impl DoControl {
    /// The variable's value on trip `k` (or after the loop, `k = trips`),
    /// wrapped to the variable's type.
    pub fn value(&self, k: u64, ty: Type) -> Value {
        let v = self.start as i128 + k as i128 * self.step as i128;
        Value::int(ty, v as i64)
    }
}

impl Interp<'_> {
    /// Evaluate `e` completely.
    pub(super) fn eval(&mut self, e: &Expr) -> Result<Val, RefError> {
        let err = at(e.span);
        match &e.kind {
            ExprKind::Const(v) => Value::from_const(*v, e.ty).map(Val::Scalar).map_err(err),
            ExprKind::Str(_) => Err(err(internal("character constant outside an output list"))),
            ExprKind::Var(sym) => self.eval_var(*sym, e.span),
            ExprKind::Section { array, subs } => self.eval_section(*array, subs, e.span),
            // Scalar operands skip `elementwise` and its buffer: scalar
            // loops are the interpreter's hot path.
            ExprKind::Unary(op, x) => match self.eval(x)? {
                Val::Scalar(v) => value::unary(*op, v).map(Val::Scalar).map_err(err),
                x => elementwise(&[x], |a| value::unary(*op, a[0])).map_err(err),
            },
            ExprKind::Binary(op, l, r) => {
                // A division by zero is reported at the divisor.
                let err = divisor_err(e.span, r.span);
                match [self.eval(l)?, self.eval(r)?] {
                    [Val::Scalar(a), Val::Scalar(b)] => {
                        value::binary(*op, a, b).map(Val::Scalar).map_err(err)
                    }
                    args => elementwise(&args, |a| value::binary(*op, a[0], a[1])).map_err(err),
                }
            }
            ExprKind::Convert(x) => match self.eval(x)? {
                Val::Scalar(v) => v.convert(e.ty).map(Val::Scalar).map_err(err),
                x => elementwise(&[x], |a| a[0].convert(e.ty)).map_err(err),
            },
            ExprKind::Intrinsic(which, args) => {
                // `mod(a, 0)` is reported at `p`, like `a / 0` at the divisor.
                let err = divisor_err(e.span, args.get(1).map_or(e.span, |p| p.span));
                let args = self.eval_all(args)?;
                elementwise(&args, |a| intrinsic::apply(*which, a, e.ty)).map_err(err)
            }
            ExprKind::Inquiry { which, arg, dim } => {
                self.eval_inquiry(*which, arg, dim.as_deref(), e)
            }
            ExprKind::Constructor(items) => self.eval_constructor(items, e.span),
        }
    }

    fn eval_all(&mut self, exprs: &[Expr]) -> Result<Vec<Val>, RefError> {
        exprs.iter().map(|x| self.eval(x)).collect()
    }

    /// Evaluate a scalar integer expression.
    pub(super) fn eval_int(&mut self, e: &Expr) -> Result<i64, RefError> {
        match self.eval(e)? {
            Val::Scalar(v) => v.as_i64(),
            Val::Array(_) => None,
        }
        .ok_or_else(|| at(e.span)(internal("expected a scalar integer")))
    }

    /// Evaluate a scalar logical expression.
    pub(super) fn eval_bool(&mut self, e: &Expr) -> Result<bool, RefError> {
        match self.eval(e)? {
            Val::Scalar(v) => v.as_bool(),
            Val::Array(_) => None,
        }
        .ok_or_else(|| at(e.span)(internal("expected a scalar logical")))
    }

    /// Evaluate the control of a `do` loop or implied-do once: the trip
    /// count is `max(0, (end - start + step) / step)`.
    pub(super) fn do_control(
        &mut self,
        start: &Expr,
        end: &Expr,
        step: Option<&Expr>,
        span: Span,
    ) -> Result<DoControl, RefError> {
        let start = self.eval_int(start)?;
        let end = self.eval_int(end)?;
        let step_span = step.map_or(span, |s| s.span);
        let step = step.map(|s| self.eval_int(s)).transpose()?.unwrap_or(1);
        if step == 0 {
            // Reported at the step expression, as the compiled code does.
            return Err(at(step_span)(ZERO_STEP_MESSAGE.to_string()));
        }
        let trips = ((end as i128 - start as i128 + step as i128) / step as i128).max(0);
        Ok(DoControl {
            start,
            step,
            trips: trips as u64,
        })
    }

    /// `size`, `lbound`, `ubound`, `shape`. A whole array reports its
    /// declared bounds; any other expression has lower bounds 1. As in
    /// Fortran, a dimension of extent zero has lower bound 1 and upper
    /// bound 0.
    fn eval_inquiry(
        &mut self,
        which: Inquiry,
        arg: &Expr,
        dim: Option<&Expr>,
        e: &Expr,
    ) -> Result<Val, RefError> {
        let (lbounds, extents) = self.inquiry_shape(arg)?;
        let per_dim = |d: usize| -> i64 {
            let (lb, ext) = (lbounds[d], extents[d] as i64);
            match which {
                Inquiry::Size | Inquiry::Shape => ext,
                Inquiry::Lbound => {
                    if ext == 0 {
                        1
                    } else {
                        lb
                    }
                }
                Inquiry::Ubound => {
                    if ext == 0 {
                        0
                    } else {
                        lb + ext - 1
                    }
                }
            }
        };
        let dim = match dim {
            Some(d) => Some(self.dim_arg(d, extents.len(), which)?),
            None => None,
        };
        Ok(match (which, dim) {
            (Inquiry::Size, None) => {
                Val::Scalar(Value::int(e.ty, extents.iter().product::<usize>() as i64))
            }
            (_, Some(d)) => Val::Scalar(Value::int(e.ty, per_dim(d))),
            (_, None) => Val::Array(ArrayVal::vector(
                (0..extents.len())
                    .map(|d| Value::int(e.ty, per_dim(d)))
                    .collect(),
            )),
        })
    }

    /// Lower bounds and extents of an inquiry argument, without copying a
    /// whole array.
    fn inquiry_shape(&mut self, arg: &Expr) -> Result<(Vec<i64>, Vec<usize>), RefError> {
        if let ExprKind::Var(sym) = arg.kind {
            if let Slot::Array(_) = self.slots[sym.index()] {
                let store = self.store(sym, arg.span)?;
                return Ok((store.lbounds.clone(), store.extents.clone()));
            }
        }
        match self.eval(arg)? {
            Val::Array(a) => Ok((vec![1; a.extents.len()], a.extents)),
            Val::Scalar(_) => Ok((vec![], vec![])),
        }
    }

    /// A `dim=` argument as a 0-based dimension.
    fn dim_arg(&mut self, dim: &Expr, rank: usize, which: Inquiry) -> Result<usize, RefError> {
        let d = self.eval_int(dim)?;
        if d < 1 || d > rank as i64 {
            let name = format!("{which:?}").to_lowercase();
            return Err(at(dim.span)(format!(
                "DIM argument {d} of {name} is not between 1 and {rank}"
            )));
        }
        Ok(d as usize - 1)
    }

    /// A rank-1 array of the items in order.
    fn eval_constructor(&mut self, items: &[AcItem], span: Span) -> Result<Val, RefError> {
        let mut out = Vec::new();
        self.push_items(items, &mut out, span)?;
        Ok(Val::Array(ArrayVal::vector(out)))
    }

    fn push_items(
        &mut self,
        items: &[AcItem],
        out: &mut Vec<Value>,
        span: Span,
    ) -> Result<(), RefError> {
        for item in items {
            match item {
                AcItem::Expr(x) => {
                    match self.eval(x)? {
                        Val::Scalar(v) => out.push(v),
                        Val::Array(a) => out.extend_from_slice(&a.data),
                    }
                    if out.len() as u64 > self.limits.max_elements {
                        let msg = format!(
                            "array constructor exceeds the limit of {} elements",
                            self.limits.max_elements
                        );
                        return Err(at(span)(msg));
                    }
                }
                AcItem::ImpliedDo {
                    var,
                    start,
                    end,
                    step,
                    items,
                } => {
                    let control = self.do_control(start, end, step.as_ref(), span)?;
                    self.implied_do(*var, &control, items, out, span)?;
                }
            }
        }
        Ok(())
    }

    /// Run an implied-do. Its variable belongs to the constructor: the
    /// symbol's previous value is restored afterwards, even on error.
    fn implied_do(
        &mut self,
        var: SymbolId,
        control: &DoControl,
        items: &[AcItem],
        out: &mut Vec<Value>,
        span: Span,
    ) -> Result<(), RefError> {
        let saved = self.slots[var.index()].clone();
        let ty = self.program.symbol(var).ty;
        let mut result = Ok(());
        for k in 0..control.trips {
            result = self.step(span).and_then(|()| {
                self.slots[var.index()] = Slot::Scalar(control.value(k, ty));
                self.push_items(items, out, span)
            });
            if result.is_err() {
                break;
            }
        }
        self.slots[var.index()] = saved;
        result
    }

    /// Count one step of execution.
    pub(super) fn step(&mut self, span: Span) -> Result<(), RefError> {
        self.steps += 1;
        if self.steps > self.limits.max_steps {
            return Err(at(span)("step limit exceeded".to_string()));
        }
        Ok(())
    }
}
