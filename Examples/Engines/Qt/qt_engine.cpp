/*
 * qt_engine.cpp: Qt's QEasingCurve as a MotionBench engine under test (motionbench_engine.h), through Qt's public API.
 *
 * What comes from Qt: the easing. cubic-bezier(x1, y1, x2, y2) is QEasingCurve(QEasingCurve::BezierSpline) with one
 * addCubicBezierSegment(P1, P2, (1, 1)), linear is QEasingCurve(QEasingCurve::Linear), and every eased progress is
 * QEasingCurve::valueForProgress. steps() and linear() with stops have no QEasingCurve form: create fails naming the
 * first layer that uses one.
 *
 * What is the adapter's own code (../Common/basic_layer_engine.hpp): the media timing and the interpolation of values,
 * in double. Qt's own animation classes (QVariantAnimation, QPropertyAnimation) keep time in whole milliseconds, which
 * would add up to a millisecond of time error to every frame and hide the easing's own error.
 *
 * Qt sets a BezierSpline curve up lazily on its first valueForProgress (BezierEase::init); create evaluates every
 * curve once, after which valueForProgress only reads it, so chunks of a frame run concurrently.
 *
 * Build: Examples/Engines/Qt/build.sh (g++ and pkg-config Qt6Core). Outputs float64; kinds: basic.
 */
#include <QtCore/QEasingCurve>
#include <QtCore/QPointF>
#include <QtCore/QtGlobal>

#include "../Common/basic_layer_engine.hpp"

namespace {

/* QEasingCurve as the easing of basic_layer_engine. */
struct QtEasing {
    static constexpr const char *name = "qt-qeasingcurve";
    static constexpr const char *accepted = "QEasingCurve takes cubic-bezier() as BezierSpline, and linear";
    using Curve = QEasingCurve;

    static Curve linear() { return QEasingCurve(QEasingCurve::Linear); }

    static Curve cubicBezier(double x1, double y1, double x2, double y2) {
        QEasingCurve curve(QEasingCurve::BezierSpline);
        curve.addCubicBezierSegment(QPointF(x1, y1), QPointF(x2, y2), QPointF(1.0, 1.0));
        return curve;
    }

    static double ease(const Curve &curve, double progress) { return curve.valueForProgress(progress); }
};

}  // namespace

/* The engine's descriptor: float64 outputs, basic layers, concurrent chunks; its version is the Qt loaded (qVersion). */
MOTIONBENCH_ENGINE_EXPORT const motionbench_engine_descriptor *motionbench_engine_entry(void) {
    return basic_layer_engine::Engine<QtEasing>::descriptor(qVersion());
}
